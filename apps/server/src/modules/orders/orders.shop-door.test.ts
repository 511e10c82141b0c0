import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiKey, NewApiKey, OrderDetail, OrderSummary } from '@bloomline/contract';

import { creditNotes, locations, orderLines, orders, partners } from '../../db/schema';
import { fillApproximatePositions } from '../../shared/order-entry';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { intakeBody, newKey, phoneBody, shop } from '../../test/intake-fixtures';
import { createOrder } from '../../test/orders-fixtures';
import { createPlaces } from '../../test/places';
import { createCatalogue } from '../../test/products-fixtures';

// Issue 46, the shop's door: in-store deductions only from in-store orders sent with the placing partner's own
// key, one numbering per shop, and approximate positions for orders that come without coordinates.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let variant: number;
let webShop: NewApiKey;
let market: NewApiKey;
let tillA: NewApiKey;
let disabledId: number;
type Errors = { message: string; errors: Record<string, string[]> };

const GARDENS = { lat: -33.9333, lng: 18.4111 };
const CAPE_TOWN = { lat: -33.9249, lng: 18.4241 };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.46.2'));
  const catalogue = await createCatalogue(h.database.db, {
    a: h.fixtures.partnerA.id,
    b: h.fixtures.partnerB.id,
  });
  variant = catalogue.variants.large.id;
  const places = await createPlaces(h.database.db);
  const at = (id: number, p: { lat: number; lng: number }) =>
    h.database.db.update(locations).set({ latitude: p.lat, longitude: p.lng }).where(eq(locations.id, id));
  await at(places.gardens, GARDENS);
  await at(places.capeTown, CAPE_TOWN);
  const [disabled] = await h.database.db
    .insert(partners)
    .values({ name: 'Closed Blooms', enabled: false, commission: '0.2000' })
    .returning({ id: partners.id });
  disabledId = disabled!.id;
  webShop = await newKey(staff, 'Web shop');
  market = await newKey(staff, 'Market shop');
  tillA = await newKey(staff, 'Protea till', { partnerId: h.fixtures.partnerA.id });
});
afterAll(async () => h.close());

/** One line of R 450,00 and R 99,50 delivery: R 549,50, worked by hand. */
const one = (externalId: string, more: Record<string, unknown> = {}) =>
  intakeBody(externalId, [variant], more);
const ordersWith = async (externalId: string) =>
  (await h.database.db.select().from(orders).where(eq(orders.externalId, externalId))).length;
const refusedOn = async (res: { statusCode: number; json: <T>() => T }) => {
  expect(res.statusCode).toBe(422);
  return res.json<Errors>().errors;
};

describe('the placing partner', () => {
  it("is refused on a web order and through a shop's key, under placedByPartnerId, and nothing is made", async () => {
    // The example: a key, source "web", another florist as the placing partner.
    const web = await shop(h.app, webShop.key).post(
      one('PLACE-1', { placedByPartnerId: h.fixtures.partnerB.id }),
    );
    expect(await refusedOn(web)).toEqual({
      placedByPartnerId: [
        'Only an in-store order names the partner who placed it: send source "in-store", or leave the placing partner out.',
      ],
    });
    const inStore = await shop(h.app, webShop.key).post(
      one('PLACE-2', { source: 'in-store', placedByPartnerId: h.fixtures.partnerB.id }),
    );
    expect(await refusedOn(inStore)).toEqual({
      placedByPartnerId: [
        "This shop's key cannot name a placing partner: only a key made for that partner (their till's key) can.",
      ],
    });
    expect(await ordersWith('PLACE-1')).toBe(0);
    expect(await ordersWith('PLACE-2')).toBe(0);
  });

  it("is refused when a partner's till key names another partner, or sends a web order naming its own", async () => {
    const other = await shop(h.app, tillA.key).post(
      one('TILL-1', { source: 'in-store', placedByPartnerId: h.fixtures.partnerB.id }),
    );
    expect(await refusedOn(other)).toEqual({
      placedByPartnerId: [
        'This key was made for Protea Petals: it can name only Protea Petals as the partner who placed the order.',
      ],
    });
    const web = await shop(h.app, tillA.key).post(
      one('TILL-2', { placedByPartnerId: h.fixtures.partnerA.id }),
    );
    expect(Object.keys(await refusedOn(web))).toEqual(['placedByPartnerId']);
    expect(await ordersWith('TILL-1')).toBe(0);
    expect(await ordersWith('TILL-2')).toBe(0);
  });

  it("makes an in-store order from the partner's own till key, deducted from that partner once delivered", async () => {
    const res = await shop(h.app, tillA.key).post(
      one('TILL-3', { source: 'in-store', placedByPartnerId: h.fixtures.partnerA.id }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<{ data: OrderDetail }>().data;
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect([row!.placedByPartnerId, row!.shop, row!.source]).toEqual([
      h.fixtures.partnerA.id,
      'Protea till',
      'in-store',
    ]);
    // Its line is never given to the partner who placed it (they would be deducted what they make).
    const line = order.lines[0]!.id;
    const self = await staff.post(`/api/reassign-order-line/${String(line)}`, {
      partner_id: h.fixtures.partnerA.id,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json<Errors>().message).toBe(
      'The partner who placed an in-store order cannot also make or deliver it: choose another partner.',
    );
    // Partner B makes and delivers it (given to B by staff, made ready), through B's own order action.
    const toB = await staff.post(`/api/reassign-order-line/${String(line)}`, {
      partner_id: h.fixtures.partnerB.id,
    });
    expect(toB.statusCode).toBe(200);
    await h.database.db.update(orderLines).set({ status: 'fulfilled' }).where(eq(orderLines.id, line));
    expect((await partnerB.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);
    const notes = await h.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    // R 450,00 × 1 + R 99,50 delivery = R 549,50, deducted from Protea Petals (A) who took the money.
    expect(notes.map((n) => [n.partnerId, n.kind, n.amountCents])).toEqual([
      [h.fixtures.partnerA.id, 'instore', 54950],
    ]);
  });

  it('follows the same rule on staff phone orders: in-store only, an enabled partner', async () => {
    const phone = await staff.post(
      '/api/orders',
      phoneBody([variant], { placedByPartnerId: h.fixtures.partnerA.id }),
    );
    expect(Object.keys(await refusedOn(phone))).toEqual(['placedByPartnerId']);
    const disabled = await staff.post(
      '/api/orders',
      phoneBody([variant], { source: 'in-store', placedByPartnerId: disabledId }),
    );
    expect(await refusedOn(disabled)).toEqual({
      placedByPartnerId: ['Choose an enabled partner as the one who placed the order.'],
    });
    const unknown = await staff.post(
      '/api/orders',
      phoneBody([variant], { source: 'in-store', placedByPartnerId: 999_999 }),
    );
    expect(Object.keys(await refusedOn(unknown))).toEqual(['placedByPartnerId']);
    const made = await staff.post(
      '/api/orders',
      phoneBody([variant], { source: 'in-store', placedByPartnerId: h.fixtures.partnerB.id }),
    );
    expect(made.statusCode).toBe(201);
  });
});

describe('one shop, one numbering', () => {
  it("makes a second shop's own order for the first shop's number, and each reads back only its own", async () => {
    const first = await shop(h.app, webShop.key).post(one('SAME-1'));
    const buyer = { name: 'Sipho Ndlovu', email: 'sipho@example.com', phone: '+27 82 555 0177' };
    const second = await shop(h.app, market.key).post(
      one('SAME-1', {
        customer: buyer,
        recipient: { ...one('x').recipient, firstName: 'Zanele', lastName: 'Khumalo' },
      }),
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const a = first.json<{ data: OrderDetail }>().data;
    const b = second.json<{ data: OrderDetail }>().data;
    expect(b.id).not.toBe(a.id);
    expect([a.lastName, b.lastName]).toEqual(['Mokoena', 'Khumalo']);
    expect(await ordersWith('SAME-1')).toBe(2);

    // Each shop reads its own, answered as the intake answered it.
    const readA = await shop(h.app, webShop.key).get('SAME-1');
    const readB = await shop(h.app, market.key).get('SAME-1');
    expect([readA.statusCode, readB.statusCode]).toEqual([200, 200]);
    expect(readA.json<{ data: OrderDetail }>().data).toEqual(a);
    expect(readB.json<{ data: OrderDetail }>().data).toEqual(b);
    // A shop that never sent it, an unknown number: 404, nothing of the order in the answer.
    const till = await shop(h.app, tillA.key).get('SAME-1');
    expect(till.statusCode).toBe(404);
    expect(till.body).not.toContain('Mokoena');
    expect((await shop(h.app, webShop.key).get('NEVER-SENT')).statusCode).toBe(404);

    // A retry from the same shop is still the same order.
    const retry = await shop(h.app, market.key).post(one('SAME-1'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ data: OrderDetail }>().data.id).toBe(b.id);
  });

  it('keeps the numbering of a shop whose key was replaced: the new key names the same shop', async () => {
    const sent = (await shop(h.app, webShop.key).post(one('ROTATE-1'))).json<{ data: OrderDetail }>().data;
    const replacement = await newKey(staff, 'Web shop 2027', { shop: 'WEB SHOP' });
    expect(replacement.shop).toBe('Web shop');
    expect((await staff.delete(`/api/api-keys/${String(webShop.id)}`)).statusCode).toBe(204);
    const read = await shop(h.app, replacement.key).get('ROTATE-1');
    expect(read.json<{ data: OrderDetail }>().data.id).toBe(sent.id);
    const again = await shop(h.app, replacement.key).post(one('ROTATE-1'));
    expect([again.statusCode, again.json<{ data: OrderDetail }>().data.id]).toEqual([200, sent.id]);
    webShop = replacement;
  });

  it('reads back only with a key, and never answers 500 to a strange number', async () => {
    const noKey = await h.app.inject({ method: 'GET', url: '/api/intake/orders/SAME-1' });
    expect(noKey.statusCode).toBe(401);
    expect((await partnerA.get('/api/intake/orders/SAME-1')).statusCode).toBe(401);
    for (const odd of ['x'.repeat(101), '\u0000', '%', ' ', "' or 1=1 --", '../orders/1']) {
      const res = await shop(h.app, market.key).get(odd);
      // A refusal of the number (404, 422, 414 for a segment too long), never a 500 nor another's order.
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(doc.paths['/api/intake/orders/{externalId}']!.get!.security).toEqual([{ apiKey: [] }]);
  });
});

describe('keys for a shop and for a till', () => {
  it('are made with a shop (the name by default) and a partner, and listed with both', async () => {
    const res = await staff.post('/api/api-keys', {
      name: 'Rosebank till',
      shop: 'Rosebank',
      partnerId: h.fixtures.partnerB.id,
    });
    expect(res.statusCode).toBe(201);
    const made = res.json<{ data: NewApiKey }>().data;
    expect(made).toMatchObject({ shop: 'Rosebank', partnerId: h.fixtures.partnerB.id });
    const list = (await staff.get('/api/api-keys')).json<{ data: ApiKey[] }>().data;
    expect(list.find((k) => k.id === made.id)).toMatchObject({
      shop: 'Rosebank',
      partner: { id: h.fixtures.partnerB.id, name: 'Fynbos & Co' },
    });
    expect(list.find((k) => k.id === market.id)).toMatchObject({ shop: 'Market shop', partner: null });
  });

  it('refuse a disabled or unknown partner under partnerId, and stay staff-only', async () => {
    for (const partnerId of [disabledId, 999_999]) {
      const res = await staff.post('/api/api-keys', { name: 'Till', partnerId });
      expect(await refusedOn(res)).toEqual({ partnerId: ['Choose an enabled partner.'] });
    }
    expect(
      Object.keys(await refusedOn(await staff.post('/api/api-keys', { name: 'T', partnerId: 'x' }))),
    ).toEqual(['partnerId']);
    expect(
      (await staff.post('/api/api-keys', { name: 'T', shop: 's'.repeat(101) })).json<Errors>().errors,
    ).toEqual({ shop: ['Shop can have at most 100 characters.'] });
    for (const partner of [partnerA, partnerB]) {
      const res = await partner.post('/api/api-keys', { name: 'Mine', partnerId: h.fixtures.partnerA.id });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('an order without coordinates', () => {
  const noPoint = (externalId: string, place: Record<string, unknown>) => {
    const { latitude: _lat, longitude: _lng, ...recipient } = one('x').recipient;
    return one(externalId, { recipient: { ...recipient, ...place } });
  };

  it("takes its suburb's position, else its city's, marked approximate; one with coordinates keeps them", async () => {
    const suburb = await shop(h.app, market.key).post(
      noPoint('POS-1', { address2: 'Unit 4, Oak Court, Gardens', city: 'Cape Town' }),
    );
    const city = await shop(h.app, market.key).post(noPoint('POS-2', { city: 'cape town' }));
    const nowhere = await shop(h.app, market.key).post(noPoint('POS-3', { city: 'Atlantis' }));
    const exact = await shop(h.app, market.key).post(one('POS-4'));
    const read = (r: typeof suburb) => {
      const o = r.json<{ data: OrderDetail }>().data;
      return [o.latitude, o.longitude, o.locationApproximate];
    };
    expect(read(suburb)).toEqual([GARDENS.lat, GARDENS.lng, true]);
    expect(read(city)).toEqual([CAPE_TOWN.lat, CAPE_TOWN.lng, true]);
    expect(read(nowhere)).toEqual([null, null, false]);
    expect(read(exact)).toEqual([-33.9205, 18.4187, false]);
    // The list answers it too.
    const list = (await staff.get('/api/orders?q=mokoena&per_page=100')).json<{ data: OrderSummary[] }>()
      .data;
    const listed = list.find((o) => o.id === suburb.json<{ data: OrderDetail }>().data.id)!;
    expect([listed.latitude, listed.locationApproximate]).toEqual([GARDENS.lat, true]);
  });

  it("is filled by the same rule for orders already in (the migration's and the seed's)", async () => {
    const old = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      latitude: null,
      longitude: null,
      address2: 'Gardens',
    });
    await fillApproximatePositions(h.database.db);
    const [row] = await h.database.db
      .select({ lat: orders.latitude, lng: orders.longitude, approx: orders.locationApproximate })
      .from(orders)
      .where(eq(orders.id, old.id));
    expect(row).toEqual({ lat: GARDENS.lat, lng: GARDENS.lng, approx: true });
    const [left] = await h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.latitude} is null and ${orders.city} <> 'Atlantis'`);
    expect(left!.n).toBe(0);
  });
});
