import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OrderDetail, ProductVariantDetail, VariantComponentRate } from '@bloomline/contract';

import { auditEntries, variantComponentRates } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { createCatalogue, recipeTotals, storedPrice } from '../../test/products-fixtures';
import type { Catalogue } from '../../test/products-fixtures';
import { ALREADY_IN_RECIPE_MESSAGE, NO_RATE_MESSAGE } from './recipes.service';

// A variant's recipe as staff changes it: add a component rate, change its quantity, remove it. Each change
// reprices the variant to what `variantTotals` makes of the recipe (computed here from the stored recipe),
// is audited, and shows at once in the order screens' guideline texts. Partners 403, signed out 401, each
// 422, another variant's line 404, and a refused request writes nothing.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let c: Catalogue;
let orderId: number;
type Errors = { message: string; errors: Record<string, string[]> };

const linesUrl = (variantId: number) => `/api/product-variants/${String(variantId)}/component-rates`;
const lineUrl = (variantId: number, lineId: number) => `${linesUrl(variantId)}/${String(lineId)}`;

const auditSince = (id: number) =>
  h.database.db.select().from(auditEntries).where(gt(auditEntries.id, id)).orderBy(auditEntries.id);
async function lastAuditId() {
  const rows = await h.database.db.select({ id: auditEntries.id }).from(auditEntries);
  return Math.max(0, ...rows.map((r) => r.id));
}

/** What a refused request must leave as it was: the recipes, the prices and the audit log. */
async function snapshot() {
  const db = h.database.db;
  return {
    lines: await db.select().from(variantComponentRates).orderBy(variantComponentRates.id),
    prices: await Promise.all(Object.values(c.variants).map((v) => storedPrice(db, v.id))),
    audit: await lastAuditId(),
  };
}

/** The variant's stored price and wholesale are what its recipe makes them. */
async function expectPricedFromRecipe(variantId: number) {
  const reference = await recipeTotals(h.database.db, variantId);
  expect(await storedPrice(h.database.db, variantId)).toEqual(reference);
  return reference;
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.10.2'));
  c = await createCatalogue(h.database.db, { a: h.fixtures.partnerA.id, b: h.fixtures.partnerB.id });
  const order = await createOrder(h.database.db, [
    {
      partnerId: h.fixtures.partnerA.id,
      status: 'open',
      title: 'Red rose bouquet - Large',
      more: { productVariantId: c.variants.large.id },
    },
  ]);
  orderId = order.id;
});
afterAll(() => h.close());

describe('POST /api/product-variants/{id}/component-rates', () => {
  it('adds the component’s rate in that profit centre, reprices the variant and audits both', async () => {
    const since = await lastAuditId();
    const before = await storedPrice(h.database.db, c.variants.large.id);
    const res = await staff.post(linesUrl(c.variants.large.id), {
      component_id: c.components.gyp.id,
      profit_centre_id: c.centres.retail.id,
      quantity: '2.5',
    });
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json<{ data: VariantComponentRate }>().data;
    expect(line).toEqual({
      id: expect.any(Number) as number,
      quantity: 2.5,
      component_rate: {
        id: c.rates.gypRetail.id,
        component: { id: c.components.gyp.id, name: 'Gypsophila' },
        profitCentre: { id: c.centres.retail.id, name: 'Retail' },
        price: c.rates.gypRetail.priceCents / 100,
        markup: 0.85,
        auto_update: true,
      },
    });
    const after = await expectPricedFromRecipe(c.variants.large.id);
    // 2.5 stems at the rate's price: half a cent rounds once, over the whole recipe.
    expect(after.priceCents).toBe(before.priceCents + Math.round(2.5 * c.rates.gypRetail.priceCents));
    expect(after.wholesaleCents).toBe(before.wholesaleCents + Math.round(2.5 * 833));

    const audit = await auditSince(since);
    expect(audit.map((a) => [a.propertyType, a.propertyId, a.event])).toEqual([
      ['product variant component rate', line.id, 'created'],
      ['product variant', c.variants.large.id, 'updated'],
    ]);
    expect(audit[0]).toMatchObject({
      userId: h.fixtures.staff.id,
      message: 'Component rate Gypsophila (Retail) in Red rose bouquet - Large added.',
      oldValues: null,
      newValues: {
        variant_id: c.variants.large.id,
        component_rate_id: c.rates.gypRetail.id,
        component: 'Gypsophila',
        profit_centre: 'Retail',
        quantity: 2.5,
      },
    });
    expect(audit[1]).toMatchObject({
      oldValues: { price: before.priceCents / 100, wholesale_excl_vat: before.wholesaleCents / 100 },
      newValues: { price: after.priceCents / 100, wholesale_excl_vat: after.wholesaleCents / 100 },
    });
  });

  it('shows at once in the guideline texts of the order screens and of the florists’ variant call', async () => {
    const order = await staff.get(`/api/orders/${String(orderId)}`);
    expect(order.statusCode).toBe(200);
    expect(order.json<{ data: OrderDetail }>().data.lines[0]!.product_components).toEqual([
      '12 x Red rose - Stem (Red)',
      '1 x Glass vase (Mixed)',
      '2.5 x Gypsophila - Stem (White)',
    ]);
    const variant = await partnerA.get(`/api/product-variants/${String(c.variants.large.id)}`);
    const rates = variant.json<{ data: ProductVariantDetail }>().data.component_rates;
    expect(rates.map((r) => [r.quantity, r.component_rate.component.name])).toEqual([
      [12, 'Red rose'],
      [1, 'Glass vase'],
      [2.5, 'Gypsophila'],
    ]);
  });

  it('refuses each bad field with 422 in Laravel’s words, and writes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        {
          component_id: ['Choose a component.'],
          profit_centre_id: ['Choose a profit centre.'],
          quantity: ['Quantity is required.'],
        },
      ],
      [
        { component_id: 'rose', profit_centre_id: 1.5, quantity: '0' },
        {
          component_id: ['Component must be a whole number.'],
          profit_centre_id: ['Profit centre must be a whole number.'],
          quantity: ['Quantity must be more than 0.'],
        },
      ],
      [
        { component_id: c.components.rose.id, profit_centre_id: c.centres.retail.id, quantity: '-1' },
        { quantity: ['Quantity must be more than 0.'] },
      ],
      [
        { component_id: c.components.rose.id, profit_centre_id: c.centres.retail.id, quantity: 1.2345 },
        { quantity: ['Quantity can have at most 3 decimals.'] },
      ],
      [
        { component_id: 999999, profit_centre_id: c.centres.retail.id, quantity: 1 },
        { component_id: ['Choose a valid component.'] },
      ],
      [
        { component_id: c.components.rose.id, profit_centre_id: 999999, quantity: 1 },
        { profit_centre_id: ['Choose a valid profit centre.'] },
      ],
      [
        { component_id: c.components.orphan.id, profit_centre_id: c.centres.retail.id, quantity: 1 },
        { profit_centre_id: [NO_RATE_MESSAGE] },
      ],
      [
        { component_id: c.components.gyp.id, profit_centre_id: c.centres.corporate.id, quantity: 1 },
        { profit_centre_id: [NO_RATE_MESSAGE] },
      ],
      [
        { component_id: c.components.rose.id, profit_centre_id: c.centres.retail.id, quantity: 3 },
        { component_id: [ALREADY_IN_RECIPE_MESSAGE] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await staff.post(linesUrl(c.variants.large.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<Errors>().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(NO_RATE_MESSAGE).toBe('The component has no rate in this profit centre.');
    expect(await snapshot()).toEqual(before);
  });

  it('takes the same component from another profit centre as a line of its own', async () => {
    const res = await staff.post(linesUrl(c.variants.small.id), {
      component_id: c.components.vase.id,
      profit_centre_id: c.centres.corporate.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(201);
    await expectPricedFromRecipe(c.variants.small.id);
  });

  it('reads an urlencoded form too', async () => {
    const res = await staff.post(
      linesUrl(c.variants.hamper.id),
      `component_id=${String(c.components.rose.id)}&profit_centre_id=${String(c.centres.corporate.id)}&quantity=3`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode, res.body).toBe(201);
    // The hamper had no recipe and a price of its own: now its recipe prices it.
    await expectPricedFromRecipe(c.variants.hamper.id);
  });

  it('is 404 for an unknown variant, 403 for partners, 401 signed out, and writes nothing', async () => {
    const before = await snapshot();
    const body = {
      component_id: c.components.vase.id,
      profit_centre_id: c.centres.corporate.id,
      quantity: 1,
    };
    for (const id of ['999999', 'abc', '0']) {
      expect((await staff.post(`/api/product-variants/${id}/component-rates`, body)).statusCode, id).toBe(
        404,
      );
    }
    expect((await partnerA.post(linesUrl(c.variants.large.id), body)).statusCode).toBe(403);
    expect((await partnerB.post(linesUrl(c.variants.large.id), body)).statusCode).toBe(403);
    // Refused before the body is read: a partner learns nothing from a 422.
    expect((await partnerA.post(linesUrl(c.variants.large.id), {})).statusCode).toBe(403);
    const guest = h.client('10.10.2.9');
    await guest.csrf();
    expect((await guest.post(linesUrl(c.variants.large.id), body)).statusCode).toBe(401);
    expect(
      (await staff.post(linesUrl(c.variants.large.id), body, { 'x-xsrf-token': 'wrong' })).statusCode,
    ).toBe(419);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/product-variants/{id}/component-rates/{rateId}', () => {
  it('changes the quantity, reprices the variant and audits the old and new quantity', async () => {
    const since = await lastAuditId();
    const res = await staff.put(lineUrl(c.variants.large.id, c.lines.largeRose.id), { quantity: '10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: VariantComponentRate }>().data).toMatchObject({
      id: c.lines.largeRose.id,
      quantity: 10,
      component_rate: { id: c.rates.roseRetail.id, component: { name: 'Red rose' } },
    });
    await expectPricedFromRecipe(c.variants.large.id);
    const audit = await auditSince(since);
    expect(audit.map((a) => [a.propertyType, a.propertyId, a.event])).toEqual([
      ['product variant component rate', c.lines.largeRose.id, 'updated'],
      ['product variant', c.variants.large.id, 'updated'],
    ]);
    expect(audit[0]).toMatchObject({ oldValues: { quantity: 12 }, newValues: { quantity: 10 } });
    const order = (await staff.get(`/api/orders/${String(orderId)}`)).json<{ data: OrderDetail }>().data;
    expect(order.lines[0]!.product_components[0]).toBe('10 x Red rose - Stem (Red)');
  });

  it('writes no audit when the quantity stays the same', async () => {
    const since = await lastAuditId();
    expect(
      (await staff.put(lineUrl(c.variants.large.id, c.lines.largeRose.id), { quantity: 10 })).statusCode,
    ).toBe(200);
    expect(await auditSince(since)).toEqual([]);
  });

  it('refuses a bad quantity with 422 and writes nothing', async () => {
    const before = await snapshot();
    const url = lineUrl(c.variants.large.id, c.lines.largeRose.id);
    for (const [quantity, message] of [
      [undefined, 'Quantity is required.'],
      ['', 'Quantity is required.'],
      [0, 'Quantity must be more than 0.'],
      ['ten', 'Quantity must be a number.'],
      [100001, 'Quantity must be at most 100000.'],
    ] as const) {
      const res = await staff.put(url, quantity === undefined ? {} : { quantity });
      expect(res.statusCode, String(quantity)).toBe(422);
      expect(res.json<Errors>().errors).toEqual({ quantity: [message] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is 404 for another variant’s line, an unknown line or variant; staff only', async () => {
    const before = await snapshot();
    const cases = [
      lineUrl(c.variants.large.id, c.lines.smallRose.id),
      lineUrl(c.variants.small.id, c.lines.largeVase.id),
      lineUrl(c.variants.large.id, 999999),
      lineUrl(999999, c.lines.largeRose.id),
      `${linesUrl(c.variants.large.id)}/abc`,
    ];
    for (const url of cases) expect((await staff.put(url, { quantity: 2 })).statusCode, url).toBe(404);
    const url = lineUrl(c.variants.large.id, c.lines.largeRose.id);
    expect((await partnerA.put(url, { quantity: 2 })).statusCode).toBe(403);
    expect((await partnerB.put(url, { quantity: 2 })).statusCode).toBe(403);
    const guest = h.client('10.10.2.9');
    await guest.csrf();
    expect((await guest.put(url, { quantity: 2 })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/product-variants/{id}/component-rates/{rateId}', () => {
  it('is 404 for another variant’s line; staff only; and writes nothing then', async () => {
    const before = await snapshot();
    expect((await staff.delete(lineUrl(c.variants.small.id, c.lines.largeVase.id))).statusCode).toBe(404);
    expect((await staff.delete(lineUrl(c.variants.large.id, 999999))).statusCode).toBe(404);
    const url = lineUrl(c.variants.large.id, c.lines.largeVase.id);
    expect((await partnerA.delete(url)).statusCode).toBe(403);
    expect((await partnerB.delete(url)).statusCode).toBe(403);
    const guest = h.client('10.10.2.9');
    await guest.csrf();
    expect((await guest.delete(url)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('removes the line, reprices the variant and audits what was removed', async () => {
    const since = await lastAuditId();
    const res = await staff.delete(lineUrl(c.variants.large.id, c.lines.largeVase.id));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone = await h.database.db
      .select()
      .from(variantComponentRates)
      .where(and(eq(variantComponentRates.id, c.lines.largeVase.id)));
    expect(gone).toEqual([]);
    await expectPricedFromRecipe(c.variants.large.id);
    const audit = await auditSince(since);
    expect(audit.map((a) => [a.propertyType, a.propertyId, a.event])).toEqual([
      ['product variant component rate', c.lines.largeVase.id, 'deleted'],
      ['product variant', c.variants.large.id, 'updated'],
    ]);
    expect(audit[0]).toMatchObject({
      message: 'Component rate Glass vase (Retail) in Red rose bouquet - Large removed.',
      oldValues: { component: 'Glass vase', profit_centre: 'Retail', quantity: 1 },
      newValues: null,
    });
    const order = (await staff.get(`/api/orders/${String(orderId)}`)).json<{ data: OrderDetail }>().data;
    expect(order.lines[0]!.product_components).toEqual([
      '10 x Red rose - Stem (Red)',
      '2.5 x Gypsophila - Stem (White)',
    ]);
    expect((await staff.delete(lineUrl(c.variants.large.id, c.lines.largeVase.id))).statusCode).toBe(404);
  });
});
