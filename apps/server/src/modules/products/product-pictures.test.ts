import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Paged, Product, ProductListItem, ProductVariantDetail } from '@bloomline/contract';

import { productImages, productPictures, products } from '../../db/schema';
import { drawDemoPictures } from '../../demo-seed/pictures';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createCatalogue } from '../../test/products-fixtures';
import type { Catalogue } from '../../test/products-fixtures';

// Issue 19: the API's picture URLs start with the address the request was sent to when APP_URL is unset
// (APP_URL when set), and /images/products/ serves only the pictures the seed drew, never drawing one itself.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LAN = { host: '192.168.1.5:3000' };

let h: Harness;
let staff: TestClient;
let c: Catalogue;

beforeAll(async () => {
  // APP_URL unset, as on a machine opened by its LAN address.
  h = await createHarness({ env: { APP_URL: '' } });
  ({ staff } = await h.signedIn('10.19.5'));
  c = await createCatalogue(h.database.db, { a: h.fixtures.partnerA.id, b: h.fixtures.partnerB.id });
});
afterAll(() => h.close());

const urlsOf = (images: readonly { url: string }[]) => images.map((i) => i.url);

describe('picture URLs without APP_URL', () => {
  it('use the address the app was opened by, in the list, a product and a variant', async () => {
    const list = (await staff.get('/api/products?q=Red rose', LAN)).json<Paged<ProductListItem>>();
    expect(urlsOf(list.data[0]!.images)).toEqual([
      'http://192.168.1.5:3000/images/products/red-rose-bouquet.png',
      'https://cdn.example.com/roses.jpg',
    ]);
    const product = (await staff.get(`/api/products/${String(c.products.bouquet.id)}`, LAN)).json<{
      data: Product;
    }>();
    expect(urlsOf(product.data.images)[0]).toBe(
      'http://192.168.1.5:3000/images/products/red-rose-bouquet.png',
    );
    const variant = (
      await staff.get(`/api/product-variants/${String(c.variants.large.id)}`, { host: 'localhost:5173' })
    ).json<{ data: ProductVariantDetail }>().data;
    expect(urlsOf(variant.product.images)[0]).toBe(
      'http://localhost:5173/images/products/red-rose-bouquet.png',
    );
  });

  it('ignore X-Forwarded-Host and -Proto unless TRUST_PROXY is set', async () => {
    const forwarded = { ...LAN, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const res = await staff.get(`/api/products/${String(c.products.bouquet.id)}`, forwarded);
    expect(urlsOf(res.json<{ data: Product }>().data.images)[0]).toBe(
      'http://192.168.1.5:3000/images/products/red-rose-bouquet.png',
    );
  });
});

describe('picture URLs behind a trusted proxy, and with APP_URL set', () => {
  const productUrls = async (env: NodeJS.ProcessEnv, headers: Record<string, string>) => {
    const other = await createHarness({ env });
    try {
      const client = other.client('10.19.6.1');
      await client.login(other.fixtures.staff.email);
      const [product] = await other.database.db
        .insert(products)
        .values({ title: 'Tulips', handle: 'tulips' })
        .returning();
      await other.database.db
        .insert(productImages)
        .values({ productId: product!.id, url: '/images/products/tulips.png' });
      const res = await client.get(`/api/products/${String(product!.id)}`, headers);
      return urlsOf(res.json<{ data: Product }>().data.images);
    } finally {
      await other.close();
    }
  };

  it('take the forwarded protocol and host from a trusted proxy', async () => {
    const urls = await productUrls(
      { APP_URL: '', TRUST_PROXY: 'true' },
      { host: '10.0.0.7:3000', 'x-forwarded-host': 'flowers.example.co.za', 'x-forwarded-proto': 'https' },
    );
    expect(urls).toEqual(['https://flowers.example.co.za/images/products/tulips.png']);
  });

  it('use APP_URL when it is set, whatever the address of the request', async () => {
    const urls = await productUrls({ APP_URL: 'https://backoffice.example.com/' }, LAN);
    expect(urls).toEqual(['https://backoffice.example.com/images/products/tulips.png']);
  });
});

describe('GET /images/products/<name>', () => {
  it('serves a picture the seed drew, as PNG, to anyone', async () => {
    const res = await h.client('10.19.5.9').get('/images/products/red-rose-bouquet.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('answers a made-up name 404 at once, drawing nothing', async () => {
    const before = (await h.database.db.select({ n: count() }).from(productPictures))[0]!.n;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.client('10.19.5.10').get(`/images/products/made-up-${String(i)}.png`),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(404));
    expect(performance.now() - started).toBeLessThan(500);
    expect((await h.database.db.select({ n: count() }).from(productPictures))[0]!.n).toBe(before);
    const svg = await h.client('10.19.5.10').get('/images/products/made-up.svg');
    expect(svg.statusCode).toBe(404);
  });

  it('redirects the SVG address of earlier versions to the PNG when there is one', async () => {
    const res = await h.client('10.19.5.11').get('/images/products/red-rose-bouquet.svg');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/images/products/red-rose-bouquet.png');
  });

  it('draws the pictures missing from a database seeded before they were stored, once', async () => {
    const [product] = await h.database.db
      .insert(products)
      .values({ title: 'Spring tulips', handle: 'spring-tulips' })
      .returning();
    await h.database.db
      .insert(productImages)
      .values({ productId: product!.id, url: '/images/products/spring-tulips.png' });
    expect((await h.client('10.19.5.12').get('/images/products/spring-tulips.png')).statusCode).toBe(404);
    expect(await drawDemoPictures(h.database.db)).toBe(1);
    expect(await drawDemoPictures(h.database.db)).toBe(0);
    const res = await h.client('10.19.5.12').get('/images/products/spring-tulips.png');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    const [row] = await h.database.db
      .select()
      .from(productPictures)
      .where(eq(productPictures.name, 'spring-tulips.png'));
    expect(Buffer.compare(row!.bytes, res.rawPayload)).toBe(0);
  });
});
