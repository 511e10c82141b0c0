import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  Paged,
  Product,
  ProductListItem,
  ProductPartner,
  ProductVariantDetail,
} from '@bloomline/contract';

import { locations, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createCatalogue } from '../../test/products-fixtures';
import type { Catalogue } from '../../test/products-fixtures';

// Reading products as staff (every call), as partner users (403, except a line's variant, which every
// signed-in user reads) and signed out (401): the paged list, a product with its variants and recipes, and
// the links between products and partners.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let c: Catalogue;
type Errors = { message: string; errors: Record<string, string[]> };
const APP = 'http://localhost:3000';

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.10.1'));
  c = await createCatalogue(h.database.db, { a: h.fixtures.partnerA.id, b: h.fixtures.partnerB.id });
  const [city] = await h.database.db
    .insert(locations)
    .values({ name: 'Cape Town', locationType: 'city', handle: 'cape-town' })
    .returning();
  await h.database.db
    .update(partners)
    .set({ cityId: city!.id })
    .where(eq(partners.id, h.fixtures.partnerA.id));
});
afterAll(() => h.close());

const list = async (query: string) => {
  const res = await staff.get(`/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<ProductListItem>>();
};

describe('GET /api/products', () => {
  it('pages the newest first, each with absolute picture addresses and its variants', async () => {
    const body = await list('');
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 22, last_page: 2, from: 1 });
    expect(body.data.map((p) => p.title).slice(0, 3)).toEqual([
      'sunflower Hamper',
      'Red rose bouquet',
      'Filler 20',
    ]);
    expect(body.data[1]).toEqual({
      id: c.products.bouquet.id,
      title: 'Red rose bouquet',
      status: 'active',
      product_type: 'Bouquet',
      images: [
        { url: `${APP}/images/products/red-rose-bouquet.png`, altText: 'Roses' },
        { url: 'https://cdn.example.com/roses.jpg', altText: null },
      ],
      variants: [
        { id: c.variants.large.id, title: 'Large', sku: 'RRB-L', price: expect.any(Number) as number },
        { id: c.variants.small.id, title: 'Small', sku: 'RRB-S', price: expect.any(Number) as number },
      ],
      created_at: '2025-03-01T08:00:00.000Z',
    });
    expect(body.data[0]).toMatchObject({ status: 'draft', images: [], variants: [{ price: 599 }] });
    expect(body.meta.links[2]!.url).toBe('/api/products?s=created_at&d=desc&page=2');
  });

  it('searches the title or the product type, case-insensitively, LIKE characters literally', async () => {
    expect((await list('?q=ROSE')).data.map((p) => p.title)).toEqual(['Red rose bouquet']);
    expect((await list('?q=hamp')).data.map((p) => p.title)).toEqual(['sunflower Hamper']);
    const plants = await list('?q=plant&page=2');
    expect(plants.meta.total).toBe(20);
    expect(plants.data.map((p) => p.title)).toEqual([
      'Filler 05',
      'Filler 04',
      'Filler 03',
      'Filler 02',
      'Filler 01',
    ]);
    expect(plants.meta.links[0]!.url).toBe('/api/products?q=plant&s=created_at&d=desc&page=1');
    expect((await list('?q=%25')).meta.total).toBe(0);
  });

  it('sorts by title, ignoring case, either way', async () => {
    const asc = await list('?s=title&d=asc&per_page=100');
    expect(asc.data.map((p) => p.title).slice(-2)).toEqual(['Red rose bouquet', 'sunflower Hamper']);
    const desc = await list('?s=title&d=desc');
    expect(desc.data[0]!.title).toBe('sunflower Hamper');
    expect((await list('?s=created_at&d=asc')).data[0]!.title).toBe('Filler 01');
  });

  it('answers a page past the end with no rows and the true total', async () => {
    const past = await list('?page=9');
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 22, current_page: 9, from: null });
  });

  it('refuses a malformed sort, direction or search with 422 on the field', async () => {
    const bad = await staff.get('/api/products?s=price&d=up&q=%01');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['d', 'q', 's']);
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/products')).statusCode).toBe(403);
    expect((await partnerB.get('/api/products?q=rose')).statusCode).toBe(403);
    expect((await h.client('10.10.1.9').get('/api/products')).statusCode).toBe(401);
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the product with its variants, their prices and their recipes', async () => {
    const res = await staff.get(`/api/products/${String(c.products.bouquet.id)}`);
    expect(res.statusCode).toBe(200);
    const product = res.json<{ data: Product }>().data;
    expect(product).toMatchObject({
      id: c.products.bouquet.id,
      title: 'Red rose bouquet',
      description: 'A dozen red roses.',
      handle: 'red-rose-bouquet',
    });
    const [large, small] = product.variants;
    expect(small).toMatchObject({ title: 'Small', sku: 'RRB-S', created_at: '2025-03-01T08:00:00.000Z' });
    expect(large!.component_rates).toEqual([
      {
        id: c.lines.largeRose.id,
        quantity: 12,
        component_rate: {
          id: c.rates.roseRetail.id,
          component: { id: c.components.rose.id, name: 'Red rose' },
          profitCentre: { id: c.centres.retail.id, name: 'Retail' },
          price: c.rates.roseRetail.priceCents / 100,
          markup: 0.85,
          auto_update: true,
        },
      },
      expect.objectContaining({ id: c.lines.largeVase.id, quantity: 1 }),
    ]);
    // 12 roses and a vase at their Retail prices; wholesale the same quantities of the components' prices.
    const rose = c.rates.roseRetail.priceCents;
    const vase = c.rates.vaseRetail.priceCents;
    expect(large!.price).toBe((12 * rose + vase) / 100);
    expect(large!.wholesale_excl_vat).toBe((12 * 1250 + 4599) / 100);
  });

  it('is 404 for a missing or malformed id, and staff only', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3']) {
      expect((await staff.get(`/api/products/${id}`)).statusCode, id).toBe(404);
    }
    const url = `/api/products/${String(c.products.bouquet.id)}`;
    expect((await partnerA.get(url)).statusCode).toBe(403);
    expect((await partnerB.get(url)).statusCode).toBe(403);
    expect((await h.client('10.10.1.9').get(url)).statusCode).toBe(401);
  });
});

describe('GET /api/products/{id}/partners', () => {
  it('lists the linked partners by name with type, city and enabled', async () => {
    const res = await staff.get(`/api/products/${String(c.products.bouquet.id)}/partners`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ProductPartner[] }>().data).toEqual([
      { id: h.fixtures.partnerB.id, name: 'Fynbos & Co', partnerType: 'florist', city: null, enabled: true },
      {
        id: h.fixtures.partnerA.id,
        name: 'Protea Petals',
        partnerType: 'florist',
        city: 'Cape Town',
        enabled: true,
      },
    ]);
  });

  it('answers an empty list for a product without partners and 404 for none', async () => {
    const filler = (await list('?q=Filler 01')).data[0]!;
    const empty = await staff.get(`/api/products/${String(filler.id)}/partners`);
    expect(empty.json()).toEqual({ data: [] });
    expect((await staff.get('/api/products/999999/partners')).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const url = `/api/products/${String(c.products.bouquet.id)}/partners`;
    expect((await partnerA.get(url)).statusCode).toBe(403);
    expect((await partnerB.get(url)).statusCode).toBe(403);
    expect((await h.client('10.10.1.9').get(url)).statusCode).toBe(401);
  });
});

describe('GET /api/partners/{id}/products', () => {
  it('lists the partner’s products by title, as the product list shows them', async () => {
    const res = await staff.get(`/api/partners/${String(h.fixtures.partnerA.id)}/products`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: ProductListItem[] }>().data;
    expect(data.map((p) => p.title)).toEqual(['Red rose bouquet', 'sunflower Hamper']);
    expect(data[0]!.images[0]!.url).toBe(`${APP}/images/products/red-rose-bouquet.png`);
    expect(data[0]!.variants.map((v) => v.title)).toEqual(['Large', 'Small']);
    const b = await staff.get(`/api/partners/${String(h.fixtures.partnerB.id)}/products`);
    expect(b.json<{ data: ProductListItem[] }>().data.map((p) => p.title)).toEqual(['Red rose bouquet']);
  });

  it('answers an empty list for a partner without products and 404 for an unknown partner', async () => {
    const [lonely] = await h.database.db.insert(partners).values({ name: 'Lonely Lilies' }).returning();
    expect((await staff.get(`/api/partners/${String(lonely!.id)}/products`)).json()).toEqual({ data: [] });
    for (const id of ['999999', 'x', '0']) {
      expect((await staff.get(`/api/partners/${id}/products`)).statusCode, id).toBe(404);
    }
  });

  it('is staff only, even for the partner’s own user', async () => {
    const url = `/api/partners/${String(h.fixtures.partnerA.id)}/products`;
    expect((await partnerA.get(url)).statusCode).toBe(403);
    expect((await partnerB.get(url)).statusCode).toBe(403);
    expect((await h.client('10.10.1.9').get(url)).statusCode).toBe(401);
  });
});

describe('GET /api/product-variants/{id}', () => {
  it('is still answered to every signed-in user, in the florist apps’ shape', async () => {
    for (const who of [staff, partnerA, partnerB]) {
      const res = await who.get(`/api/product-variants/${String(c.variants.large.id)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: ProductVariantDetail }>().data).toEqual({
        id: c.variants.large.id,
        title: 'Large',
        sku: 'RRB-L',
        product: {
          id: c.products.bouquet.id,
          title: 'Red rose bouquet',
          description: 'A dozen red roses.',
          images: [
            { url: `${APP}/images/products/red-rose-bouquet.png`, altText: 'Roses' },
            { url: 'https://cdn.example.com/roses.jpg', altText: null },
          ],
        },
        component_rates: [
          {
            // The recipe line's id, as in GET /api/products/{id} (orders.compat.test.ts compares them).
            id: expect.any(Number),
            quantity: 12,
            component_rate: {
              id: c.rates.roseRetail.id,
              price: c.rates.roseRetail.priceCents / 100,
              component: {
                id: c.components.rose.id,
                name: 'Red rose',
                unit: { name: 'Stem' },
                colour: { name: 'Red' },
              },
            },
          },
          {
            // The recipe line's id, as in GET /api/products/{id} (orders.compat.test.ts compares them).
            id: expect.any(Number),
            quantity: 1,
            component_rate: {
              id: c.rates.vaseRetail.id,
              price: c.rates.vaseRetail.priceCents / 100,
              component: {
                id: c.components.vase.id,
                name: 'Glass vase',
                unit: null,
                colour: { name: 'Mixed' },
              },
            },
          },
        ],
      });
    }
    expect(
      (await h.client('10.10.1.9').get(`/api/product-variants/${String(c.variants.large.id)}`)).statusCode,
    ).toBe(401);
    expect((await partnerA.get('/api/product-variants/999999')).statusCode).toBe(404);
  });
});
