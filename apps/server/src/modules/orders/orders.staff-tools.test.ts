import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PartnerCandidate, ProductVariantDetail } from '@bloomline/contract';

import {
  auditEntries,
  orderHistory,
  orderLines,
  partnerOfflineTimes,
  partners,
  productImages,
  products,
  productVariants,
} from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

// The calls behind staff's tools on an order: the delivery date, the reassign dialog's candidates, the
// partner picker and the product variant of a line. As staff, as the owning partner (A) and as another (B).

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };

const DELIVERY_DAY = '2026-12-04';
/** The delivery point of every fixture order (12 Long Street, Cape Town). */
const POINT = { lat: -33.9221, lng: 18.4231 };

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const s =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(s));
}

/** Ids of the partners this file adds, by name. */
const extra: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.3.0'));
  const more = [
    // 1,260 km away with a 30 km radius: only with "all".
    { name: 'Jozi Blooms', latitude: -26.2041, longitude: 28.0473, radiusKm: 30 },
    // Close by, but its radius is too small to call the delivery point local.
    { name: 'Bellville Buds', latitude: -33.9, longitude: 18.63, radiusKm: 5 },
    // Close by and local, but away on the delivery day.
    { name: 'Away Arrangements', latitude: -33.925, longitude: 18.425, radiusKm: 20 },
    // Close by and local, but disabled.
    { name: 'Closed Corner', latitude: -33.923, longitude: 18.424, radiusKm: 20, enabled: false },
    // Without a position: its distance is unknown, so never local; last with "all".
    { name: 'Nowhere Nurseries', latitude: null, longitude: null, radiusKm: 50 },
  ];
  const rows = await h.database.db.insert(partners).values(more).returning();
  for (const r of rows) extra[r.name] = r.id;
  await h.database.db.insert(partnerOfflineTimes).values([
    { partnerId: extra['Away Arrangements']!, startDate: '2026-12-01', endDate: DELIVERY_DAY },
    // A disabled period and one that ended the day before do not keep Jozi Blooms away.
    { partnerId: extra['Jozi Blooms']!, startDate: '2026-12-01', endDate: '2026-12-31', enabled: false },
    { partnerId: extra['Jozi Blooms']!, startDate: '2026-11-20', endDate: '2026-12-03' },
  ]);
});
afterAll(async () => h.close());

describe('PUT /api/orders/{id}/delivery-date', () => {
  it('lets staff move the date, with a history entry and an audit row, and the detail shows it', async () => {
    const o = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'accepted' }], {
      deliveryDate: '2026-12-01',
    });
    const res = await staff.put(`/api/orders/${String(o.id)}/delivery-date`, { deliveryDate: DELIVERY_DAY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: o.id, status: 'accepted' },
      message: `Delivery date set to ${DELIVERY_DAY}.`,
    });

    const detail = (await partnerA.get(`/api/orders/${String(o.id)}`)).json<{
      data: { deliveryDate: string };
    }>();
    expect(detail.data.deliveryDate).toBe(DELIVERY_DAY);
    const history = (await staff.get(`/api/orders/${String(o.id)}/history`)).json<{
      data: { message: string }[];
    }>().data;
    expect(history[0]!.message).toBe(`Ada Admin moved the delivery date from 2026-12-01 to ${DELIVERY_DAY}`);
    const audits = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'order'), eq(auditEntries.propertyId, o.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.oldValues).toEqual({ delivery_date: '2026-12-01' });
    expect(audits[0]!.newValues).toEqual({ delivery_date: DELIVERY_DAY });
    expect(audits[0]!.userId).toBe(h.fixtures.staff.id);
  });

  it('refuses a missing or impossible date with the field error, and changes nothing', async () => {
    const o = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      deliveryDate: '2026-12-01',
    });
    for (const body of [
      {},
      { deliveryDate: '' },
      { deliveryDate: '2026-02-30' },
      { deliveryDate: '4/12/2026' },
    ]) {
      const res = await staff.put(`/api/orders/${String(o.id)}/delivery-date`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const bag = res.json<Errors>();
      expect(bag.errors.deliveryDate?.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(bag.message).toBeTruthy();
    }
    const after = await orderState(h.database.db, o.id);
    expect(after.order.deliveryDate).toBe('2026-12-01');
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
    expect(history).toEqual([]);
  });

  it('is staff only: a partner is refused even on their own order, and a missing order is 404', async () => {
    const o = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'accepted' }], {
      deliveryDate: '2026-12-01',
    });
    const url = `/api/orders/${String(o.id)}/delivery-date`;
    expect((await partnerA.put(url, { deliveryDate: DELIVERY_DAY })).statusCode).toBe(403);
    expect((await partnerB.put(url, { deliveryDate: DELIVERY_DAY })).statusCode).toBe(403);
    expect((await orderState(h.database.db, o.id)).order.deliveryDate).toBe('2026-12-01');
    expect(
      (await staff.put('/api/orders/999999/delivery-date', { deliveryDate: DELIVERY_DAY })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/order-lines/{lineId}/partners', () => {
  let lineId: number;
  const url = (query = '') => `/api/order-lines/${String(lineId)}/partners${query}`;
  const candidates = async (query = '') => {
    const res = await staff.get(url(query));
    expect(res.statusCode).toBe(200);
    return res.json<{ data: PartnerCandidate[] }>().data;
  };

  beforeAll(async () => {
    const o = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      deliveryDate: DELIVERY_DAY,
    });
    lineId = o.lineIds[0]!;
  });

  it('lists local partners by default, nearest first, with distances in two decimals', async () => {
    const got = await candidates();
    expect(got.map((c) => c.partner.name)).toEqual(['Protea Petals', 'Fynbos & Co']);
    const { partnerA: a, partnerB: b } = h.fixtures;
    for (const [c, p] of [
      [got[0]!, a],
      [got[1]!, b],
    ] as const) {
      const km = haversineKm(POINT, { lat: p.latitude!, lng: p.longitude! });
      expect(Math.abs(c.distance! - km)).toBeLessThan(0.006);
      expect(Number.isInteger(Math.round(c.distance! * 1000) / 10)).toBe(true);
      expect(c.local).toBe(true);
    }
    expect(got[0]!.distance).toBeLessThan(got[1]!.distance!);
    expect(got[0]!.partner).toMatchObject({ id: a.id, rating: 5, partnerType: 'florist' });
  });

  it('with all, adds partners out of their radius and those without a position, never the away or disabled', async () => {
    for (const flag of ['1', 'true']) {
      const got = await candidates(`?all=${flag}`);
      expect(got.map((c) => c.partner.name)).toEqual([
        'Protea Petals',
        'Fynbos & Co',
        'Bellville Buds',
        'Jozi Blooms',
        'Nowhere Nurseries',
      ]);
      expect(got.map((c) => c.local)).toEqual([true, true, false, false, false]);
      const jozi = got.find((c) => c.partner.name === 'Jozi Blooms')!;
      expect(jozi.distance).toBeGreaterThan(1200);
      expect(got.at(-1)!.distance).toBeNull();
    }
    expect((await candidates('?all=0')).map((c) => c.partner.name)).toEqual(['Protea Petals', 'Fynbos & Co']);
    const bad = await staff.get(url('?all=maybe'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Errors>().errors.all).toEqual(['Choose a valid all.']);
  });

  it('searches partner names case-insensitively, treating % and _ literally', async () => {
    expect((await candidates('?all=1&q=BLOOMS')).map((c) => c.partner.name)).toEqual(['Jozi Blooms']);
    expect((await candidates('?q=fynbos')).map((c) => c.partner.name)).toEqual(['Fynbos & Co']);
    expect(await candidates('?all=1&q=%25')).toEqual([]);
    expect(await candidates('?all=1&q=zzz')).toEqual([]);
  });

  it('keeps the away partner out only on the days they are away', async () => {
    const later = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      deliveryDate: '2026-12-05',
    });
    const res = await staff.get(`/api/order-lines/${String(later.lineIds[0])}/partners`);
    expect(res.json<{ data: PartnerCandidate[] }>().data.map((c) => c.partner.name)).toContain(
      'Away Arrangements',
    );
  });

  // Issue 36, point 5: the dialog offers only partners the line can go to.
  it('leaves out the partner an open line already has (a 409), not the one a rejected line keeps', async () => {
    const { partnerA: a } = h.fixtures;
    const o = await createOrder(
      h.database.db,
      [
        { partnerId: a.id, status: 'open' },
        { partnerId: a.id, status: 'rejected' },
      ],
      { deliveryDate: DELIVERY_DAY },
    );
    const [open, rejected] = o.lineIds as [number, number];
    const idsFor = async (line: number) =>
      (await staff.get(`/api/order-lines/${String(line)}/partners?all=1`))
        .json<{ data: PartnerCandidate[] }>()
        .data.map((c) => c.partner.id);
    expect(await idsFor(open)).not.toContain(a.id);
    expect(await idsFor(open)).toContain(h.fixtures.partnerB.id);
    expect(
      (await staff.post(`/api/reassign-order-line/${String(open)}`, { partner_id: a.id })).statusCode,
    ).toBe(409);
    // Giving a rejected line back to the partner who rejected it is allowed (they may have found the flowers).
    expect(await idsFor(rejected)).toContain(a.id);
  });

  it('is staff only, and a missing line is 404', async () => {
    expect((await partnerA.get(url())).statusCode).toBe(403);
    expect((await partnerB.get(url('?all=1'))).statusCode).toBe(403);
    expect((await staff.get('/api/order-lines/999999/partners')).statusCode).toBe(404);
  });

  it('reassigning to a disabled partner is refused on partner_id and leaves the line as it was', async () => {
    const res = await staff.post(`/api/reassign-order-line/${String(lineId)}`, {
      partner_id: extra['Closed Corner']!,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors.partner_id).toEqual(['Choose a valid partner.']);
    const missing = await staff.post(`/api/reassign-order-line/${String(lineId)}`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json<Errors>().errors.partner_id?.length).toBeGreaterThan(0);
    const [line] = await h.database.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(line).toMatchObject({ partnerId: null, status: 'open' });
  });
});

describe('GET /api/partners', () => {
  it('lists every partner by name for staff pickers, disabled ones marked, and searches by name', async () => {
    const all = (await staff.get('/api/partners')).json<{ data: { name: string; enabled: boolean }[] }>()
      .data;
    const names = all.map((p) => p.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(names).toHaveLength(7);
    expect(all.find((p) => p.name === 'Closed Corner')?.enabled).toBe(false);
    const found = (await staff.get('/api/partners?q=PETALS')).json<{ data: { name: string }[] }>().data;
    expect(found.map((p) => p.name)).toEqual(['Protea Petals']);
    expect((await staff.get('/api/partners?q=none-such')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('is refused to partners and to signed-out visitors', async () => {
    expect((await partnerA.get('/api/partners')).statusCode).toBe(403);
    expect((await partnerB.get('/api/partners?q=a')).statusCode).toBe(403);
    const guest = h.client('10.3.0.9');
    expect((await guest.get('/api/partners')).statusCode).toBe(401);
  });
});

describe('GET /api/product-variants/{id}', () => {
  it('gives the variant with its product and images to staff and partners, and 404 when missing', async () => {
    const [product] = await h.database.db
      .insert(products)
      .values({ title: 'Cape Sunrise', handle: 'cape-sunrise', description: 'Proteas and fynbos' })
      .returning();
    await h.database.db.insert(productImages).values([
      { productId: product!.id, url: '/img/b.jpg', altText: 'From above', position: 1 },
      { productId: product!.id, url: '/img/a.jpg', altText: null, position: 0 },
    ]);
    const [variant] = await h.database.db
      .insert(productVariants)
      .values({ productId: product!.id, title: 'Large', sku: 'CS-L' })
      .returning();
    for (const who of [staff, partnerA, partnerB]) {
      const res = await who.get(`/api/product-variants/${String(variant!.id)}`);
      expect(res.statusCode).toBe(200);
      const v = res.json<{ data: ProductVariantDetail }>().data;
      expect(v).toMatchObject({ id: variant!.id, title: 'Large', sku: 'CS-L' });
      expect(v.product).toMatchObject({ id: product!.id, title: 'Cape Sunrise' });
      // Stored as paths, answered absolute (APP_URL), for clients outside the browser.
      expect(v.product.images).toEqual([
        { url: 'http://localhost:3000/img/a.jpg', altText: null },
        { url: 'http://localhost:3000/img/b.jpg', altText: 'From above' },
      ]);
      expect(v.component_rates).toEqual([]);
    }
    expect((await staff.get('/api/product-variants/999999')).statusCode).toBe(404);
    expect((await h.client('10.3.0.9').get(`/api/product-variants/${String(variant!.id)}`)).statusCode).toBe(
      401,
    );
  });
});
