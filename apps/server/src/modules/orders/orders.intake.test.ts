import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DashboardCounts, NewApiKey, OrderDetail, OrderSummary } from '@bloomline/contract';
import { addDaysTo, todayInJohannesburg } from '@bloomline/contract';

import { apiKeys, auditEntries, customers, orderHistory, orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { intakeBody, newKey, shop } from '../../test/intake-fixtures';
import { createCatalogue } from '../../test/products-fixtures';
import type { Catalogue } from '../../test/products-fixtures';

// The shop's door (issue 34): POST /api/intake/orders with an API key, no session and no CSRF token.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let catalogue: Catalogue;
let key: NewApiKey;
let variants: number[];
type Errors = { message: string; errors: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA } = await h.signedIn('10.34.0'));
  catalogue = await createCatalogue(h.database.db, { a: h.fixtures.partnerA.id, b: h.fixtures.partnerB.id });
  variants = [catalogue.variants.large.id, catalogue.variants.small.id];
  key = await newKey(staff, 'Web shop');
});
afterAll(async () => h.close());

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const ordersWith = (externalId: string) =>
  countOf(
    h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.externalId, externalId)),
  );

describe('an order sent with a key', () => {
  it('is made as the product makes every order, and answered as GET /api/orders/{id} answers it', async () => {
    const before = (await staff.get('/api/dashboard')).json<{ data: DashboardCounts }>().data;
    const res = await shop(h.app, key.key).post(intakeBody('SHOP-1001', variants));
    expect(res.statusCode).toBe(201);
    // No session is started and no cookie is set at the shop's door.
    expect(res.headers['set-cookie']).toBeUndefined();
    const order = res.json<{ data: OrderDetail }>().data;
    expect(order.name).toMatch(/^#BL\d+$/);
    expect(order.status).toBe('open');
    // 450,00 × 1 + 450,00 × 2 + 99,50 delivery, worked by hand.
    expect(order.totalValue).toBe(1449.5);
    expect(order.deliveryFee).toBe(99.5);
    expect(order.lines.map((l) => [l.title, l.quantity, l.value, l.status, l.partner])).toEqual([
      ['Red rose bouquet', 1, 450, 'open', null],
      ['Red rose bouquet', 2, 450, 'open', null],
    ]);
    expect(order.lines[0]!.giftMessage).toBe('Happy birthday, Naledi!');
    expect(order.extra).toMatchObject({ source: 'web', paymentType: 'card', customer: 'Lerato Dlamini' });
    expect(order.firstName).toBe('Naledi');
    expect((await staff.get(`/api/orders/${String(order.id)}`)).json<{ data: OrderDetail }>().data).toEqual(
      order,
    );

    // Its history and audit name the key, never the key itself.
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.map((e) => e.message)).toEqual([
      `Order ${order.name} placed by the API key "Web shop" with 2 items`,
    ]);
    const audit = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'order'), eq(auditEntries.propertyId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.newValues).toMatchObject({ apiKey: 'Web shop', externalId: 'SHOP-1001' });
    const leaked = await h.database.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(sql`${auditEntries.newValues}::text like ${`%${key.key.slice(4)}%`}`);
    expect(leaked).toEqual([]);

    // The buyer became a customer; the order is in the unassigned list, its search and the dashboard's count.
    const [buyer] = await h.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'lerato@example.com'));
    expect(buyer?.name).toBe('Lerato Dlamini');
    const unassigned = await staff.get('/api/orders?filter=unassigned&q=mokoena');
    expect(unassigned.json<{ data: OrderSummary[] }>().data.map((o) => o.id)).toContain(order.id);
    const after = (await staff.get('/api/dashboard')).json<{ data: DashboardCounts }>().data;
    expect(after.awaitingAcceptance).toBe(before.awaitingAcceptance + 1);
  });

  it('answers the same order again, unchanged, when the same externalId comes twice in a row', async () => {
    const first = await shop(h.app, key.key).post(intakeBody('SHOP-1002', variants));
    const again = await shop(h.app, key.key).post(
      intakeBody('SHOP-1002', variants, { notes: 'A different note the second time.' }),
    );
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    const a = first.json<{ data: OrderDetail }>().data;
    expect(again.json<{ data: OrderDetail }>().data).toEqual(a);
    expect(await ordersWith('SHOP-1002')).toBe(1);
    expect(
      await countOf(
        h.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orderHistory)
          .where(eq(orderHistory.orderId, a.id)),
      ),
    ).toBe(1);
  });

  it('makes one order, one history entry and one audit entry when the same externalId comes at once', async () => {
    const door = shop(h.app, key.key);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => door.post(intakeBody('SHOP-1003', variants))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((r) => r.json<{ data: OrderDetail }>().data.id));
    expect(ids.size).toBe(1);
    expect(await ordersWith('SHOP-1003')).toBe(1);
    const [id] = [...ids];
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, id!));
    expect(history).toHaveLength(1);
    const audit = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'order'), eq(auditEntries.propertyId, id!)));
    expect(audit).toHaveLength(1);
    // The buyer was made once, not once per request.
    const buyers = await h.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'lerato@example.com'));
    expect(buyers).toHaveLength(1);
  });
});

describe('a bad order', () => {
  const refusal = async (body: unknown) => {
    const res = await shop(h.app, key.key).post(body);
    expect(res.statusCode).toBe(422);
    return res.json<Errors>().errors;
  };
  const body = (more: Record<string, unknown>) => intakeBody(`BAD-${String(Math.random())}`, variants, more);
  const line = (more: Record<string, unknown>) => ({
    productVariantId: variants[0],
    quantity: 1,
    value: 100,
    ...more,
  });

  it('is refused under each field, keyed by its path, and changes nothing', async () => {
    const before = await countOf(h.database.db.select({ n: sql<number>`count(*)::int` }).from(orders));
    expect(await refusal(body({ lines: [line({ productVariantId: 999_999 })] }))).toEqual({
      'lines.0.productVariantId': ['This product is not in the catalogue.'],
    });
    expect(await refusal(body({ deliveryDate: addDaysTo(todayInJohannesburg(), -1) }))).toEqual({
      deliveryDate: ['Delivery date cannot be in the past.'],
    });
    expect(await refusal(body({ deliveryDate: addDaysTo(todayInJohannesburg(), 400) }))).toEqual({
      deliveryDate: ['Delivery date must be within a year from today.'],
    });
    expect(await refusal(body({ lines: [line({ value: 12.345 })] }))).toEqual({
      'lines.0.value': ['Value can have at most 2 decimals.'],
    });
    expect(await refusal(body({ deliveryFee: 1.005 }))).toEqual({
      deliveryFee: ['Delivery fee can have at most 2 decimals.'],
    });
    expect(await refusal(body({ lines: Array.from({ length: 51 }, () => line({})) }))).toEqual({
      lines: ['An order can have at most 50 items.'],
    });
    expect(await refusal(body({ lines: [] }))).toEqual({ lines: ['Add at least one item.'] });
    expect(await refusal(body({ lines: [line({ quantity: 0 })] }))).toEqual({
      'lines.0.quantity': ['Quantity must be at least 1.'],
    });
    expect(await refusal(body({ lines: [line({ quantity: 100 })] }))).toEqual({
      'lines.0.quantity': ['Quantity must be at most 99.'],
    });
    expect(await refusal(body({ lines: [line({ value: -5 })] }))).toEqual({
      'lines.0.value': ['Value cannot be negative.'],
    });
    const { city: _city, ...noCity } = intakeBody('x', variants).recipient;
    expect(await refusal(body({ recipient: noCity }))).toEqual({ 'recipient.city': ['City is required.'] });
    expect(await refusal(body({ source: 'fax' }))).toEqual({ source: ['Choose a valid source.'] });
    expect(await refusal(body({ customer: { name: 'A', email: 'not-an-email' } }))).toEqual({
      'customer.email': ['Email must be a valid email address.'],
    });
    expect(await refusal(body({ profitCentreId: 999_999 }))).toEqual({
      profitCentreId: ['Choose a valid profit centre.'],
    });
    // Each part within its limit, the whole over it: R 99 000 × 99 × 2 lines.
    expect(
      await refusal(
        body({ lines: [line({ value: 99_000, quantity: 99 }), line({ value: 99_000, quantity: 99 })] }),
      ),
    ).toEqual({
      lines: ['The order can come to at most R 1 000 000,00.'],
    });
    const { externalId: _externalId, ...noExternalId } = body({});
    expect(await refusal(noExternalId)).toEqual({ externalId: ['External id is required.'] });
    expect(await countOf(h.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))).toBe(before);
  });
});

describe('who may use the door', () => {
  it('answers 401 without a key, with a wrong, revoked or malformed one, and to a session', async () => {
    const body = intakeBody('AUTH-1', variants);
    const post = (headers: Record<string, string>, url = '/api/intake/orders') =>
      h.app.inject({
        method: 'POST',
        url,
        headers: { accept: 'application/json', ...headers },
        payload: body,
      });
    const missing = await post({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json<Errors>().message).toBe(
      'Send your API key in the Authorization header: Bearer <key>.',
    );
    expect((await post({ authorization: `Bearer ${key.key}x` })).statusCode).toBe(401);
    expect(
      (await post({ authorization: `Basic ${Buffer.from(`x:${key.key}`).toString('base64')}` })).statusCode,
    ).toBe(401);
    expect((await post({ authorization: 'Bearer blk_' })).statusCode).toBe(401);
    // Never accepted in a query string.
    expect((await post({}, `/api/intake/orders?api_key=${key.key}`)).statusCode).toBe(401);
    // Staff's session and CSRF token are no key.
    expect((await staff.post('/api/intake/orders', body)).statusCode).toBe(401);

    const revoked = await newKey(staff, 'Old shop');
    expect((await shop(h.app, revoked.key).post(intakeBody('AUTH-2', variants))).statusCode).toBe(201);
    expect((await staff.delete(`/api/api-keys/${String(revoked.id)}`)).statusCode).toBe(204);
    const after = await shop(h.app, revoked.key).post(intakeBody('AUTH-3', variants));
    expect(after.statusCode).toBe(401);
    expect(after.json<Errors>().message).toBe('This API key is not valid or has been revoked.');
    expect(await ordersWith('AUTH-1')).toBe(0);
    expect(await ordersWith('AUTH-3')).toBe(0);
  });

  it('answers 429 with Retry-After past 600 calls in a minute on one key, before reading the body', async () => {
    const busy = await newKey(staff, 'Busy shop');
    const door = shop(h.app, busy.key);
    // The first call opens the key's minute; the counter is then moved to just under the limit.
    expect((await door.post({})).statusCode).toBe(422);
    await h.database.db.update(apiKeys).set({ windowCalls: 599 }).where(eq(apiKeys.id, busy.id));
    expect((await door.post({})).statusCode).toBe(422);
    const over = await door.post(intakeBody('BUSY-1', variants));
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json<Errors>().message).toBe(
      `Too many orders with this key. Try again in ${String(wait)} seconds.`,
    );
    expect(await ordersWith('BUSY-1')).toBe(0);
    // Another key has a minute of its own.
    expect((await shop(h.app, key.key).post(intakeBody('BUSY-2', variants))).statusCode).toBe(201);
  });

  it('counts calls made at once exactly', async () => {
    const counted = await newKey(staff, 'Counted shop');
    await Promise.all(Array.from({ length: 12 }, () => shop(h.app, counted.key).post({})));
    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, counted.id));
    expect(row!.windowCalls).toBe(12);
  });

  it('is documented with a bearer security scheme', async () => {
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = doc.paths['/api/intake/orders']!.post!;
    expect(op.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201', '401', '422', '429']));
    expect(Object.keys(op.responses)).not.toContain('419');
  });

  it('is not for partner users as a key owner: they cannot see or make keys', async () => {
    expect((await partnerA.get('/api/api-keys')).statusCode).toBe(403);
    expect((await partnerA.post('/api/api-keys', { name: 'Mine' })).statusCode).toBe(403);
  });
});
