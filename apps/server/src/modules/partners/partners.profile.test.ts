import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { STAFF_ONLY_PARTNER_FIELDS } from '@bloomline/contract';
import type { Partner, PartnerCandidate } from '@bloomline/contract';

import { auditEntries, orderLines, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { createPlaces } from '../../test/places';
import type { Places } from '../../test/places';

// A partner user's own partner (the profile): partner A reads and changes only their own, never B's (404);
// a staff-only field they send is never applied, whichever way it is sent. And a disabled partner drops out
// of the reassign choices at once.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let places: Places;
let a: string;
let b: string;
type Errors = { message: string; errors: Record<string, string[]> };

const read = async (id: string) => (await staff.get(`/api/partners/${id}`)).json<{ data: Partner }>().data;
const auditCount = async () =>
  (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]!.n;

/** A value for each staff-only field that differs from what the fixtures' partners have. */
const forgedStaffFields = {
  partnerType: 'courier',
  rating: '10',
  radius: '999',
  latitude: '-26.2',
  longitude: '28.04',
  wholesaleDeliveryFee: '500',
  avbobSalesChannel: '0',
  webSalesSalesChannel: '0',
  inStoreSalesChannel: '0',
  b2bSalesChannel: '0',
  bank_name: 'Forged Bank',
  branch_code: '000000',
  account_name: 'Mallory',
  account_number: '1234567890',
  account_type: 'Savings',
  commission: '0',
  enabled: '0',
  saturday: 'closed',
};

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.12.0'));
  places = await createPlaces(h.database.db);
  a = String(h.fixtures.partnerA.id);
  b = String(h.fixtures.partnerB.id);
});
afterAll(() => h.close());

describe('the forged request covers every staff-only field', () => {
  it('names each of part 2, point 6 (and the position)', () => {
    expect(Object.keys(forgedStaffFields).sort()).toEqual([...STAFF_ONLY_PARTNER_FIELDS].sort());
  });
});

describe('GET /api/partners/{id} as a partner user', () => {
  it('answers their own partner', async () => {
    const res = await partnerA.get(`/api/partners/${a}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Partner }>().data).toMatchObject({ id: Number(a), name: 'Protea Petals' });
    expect((await partnerB.get(`/api/partners/${b}`)).json<{ data: Partner }>().data.name).toBe(
      'Fynbos & Co',
    );
  });

  it('answers 404 for any other partner, as for one that does not exist', async () => {
    expect((await partnerA.get(`/api/partners/${b}`)).statusCode).toBe(404);
    expect((await partnerB.get(`/api/partners/${a}`)).statusCode).toBe(404);
    expect((await partnerA.get('/api/partners/999999')).statusCode).toBe(404);
    expect((await h.client().get(`/api/partners/${a}`)).statusCode).toBe(401);
  });
});

describe('POST /api/partners/{id} with _method=PUT as a partner user', () => {
  it('saves the profile fields of their own partner and audits it under their name', async () => {
    const res = await partnerA.form(`/api/partners/${a}`, {
      _method: 'PUT',
      name: 'Protea Petals & Gifts',
      vatNumber: '4111111111',
      address1: '12 Bree Street',
      province_id: places.westernCape,
      city_id: places.capeTown,
      location_id: places.gardens,
      postalCode: '8000',
      ownerName: 'Fiona Florist',
      ownerEmail: 'fiona@protea.example',
      businessPhone: '021 555 0000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Partner }>().data).toMatchObject({
      name: 'Protea Petals & Gifts',
      vatNumber: '4111111111',
      city: 'Cape Town',
      suburb: 'Gardens',
      ownerEmail: 'fiona@protea.example',
    });
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyId, Number(a)))
      .orderBy(sql`${auditEntries.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ propertyType: 'partner', event: 'updated', userId: h.fixtures.userA.id });
  });

  it('never applies a staff-only field, sent as a form or as JSON, even an invalid one', async () => {
    const before = await read(a);
    const staffOnly = (p: Partner) =>
      Object.fromEntries(STAFF_ONLY_PARTNER_FIELDS.map((f) => [f, p[f as keyof Partner]]));

    const form = await partnerA.form(`/api/partners/${a}`, {
      _method: 'PUT',
      ...forgedStaffFields,
      ownerPhone: '+27 82 111 2222',
    });
    expect(form.statusCode).toBe(200);
    const json = await partnerA.put(`/api/partners/${a}`, {
      ...forgedStaffFields,
      enabled: false,
      rating: 10,
      commission: 0,
    });
    expect(json.statusCode).toBe(200);
    // Values no staff member could send either are ignored too, not refused.
    const invalid = await partnerA.form(`/api/partners/${a}`, {
      _method: 'PUT',
      rating: '99',
      radius: '-5',
      commission: 'lots',
      saturday: 'sunday',
    });
    expect(invalid.statusCode).toBe(200);

    const after = await read(a);
    expect(after.ownerPhone).toBe('+27 82 111 2222');
    expect(staffOnly(after)).toEqual(staffOnly(before));
    const [row] = await h.database.db
      .select()
      .from(partners)
      .where(eq(partners.id, Number(a)));
    expect(row).toMatchObject({ enabled: true, commission: '0.2500', rating: 5, radiusKm: 20 });
  });

  it('refuses bad profile fields with 422 and writes nothing', async () => {
    const before = await read(a);
    const audits = await auditCount();
    const res = await partnerA.form(`/api/partners/${a}`, {
      _method: 'PUT',
      name: '',
      ownerEmail: 'nope',
      location_id: 999999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({
      name: ['Name is required.'],
      ownerEmail: ['Owner email must be a valid email address.'],
    });
    const place = await partnerA.form(`/api/partners/${a}`, { _method: 'PUT', location_id: 999999 });
    expect(place.json<Errors>().errors).toEqual({ location_id: ['Choose a valid suburb.'] });
    expect(await read(a)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 404 for another partner and changes nothing of it', async () => {
    const before = await read(b);
    const audits = await auditCount();
    for (const [client, id] of [
      [partnerA, b],
      [partnerB, a],
    ] as const) {
      const form = await client.form(`/api/partners/${id}`, { _method: 'PUT', name: 'Hijacked' });
      expect(form.statusCode).toBe(404);
      expect((await client.put(`/api/partners/${id}`, { name: 'Hijacked', enabled: false })).statusCode).toBe(
        404,
      );
    }
    expect(await read(b)).toEqual(before);
    expect((await read(a)).name).not.toBe('Hijacked');
    expect(await auditCount()).toBe(audits);
  });

  it('refuses them the staff calls with 403', async () => {
    for (const client of [partnerA, partnerB]) {
      expect((await client.get('/api/partners')).statusCode).toBe(403);
      expect((await client.get('/api/partners/export')).statusCode).toBe(403);
      expect((await client.post('/api/partners', { name: 'Mine now' })).statusCode).toBe(403);
      expect((await client.post(`/api/partners/${a}/enabled`)).statusCode).toBe(403);
    }
  });
});

describe('a disabled partner', () => {
  it('drops out of the reassign choices at once and gets no new line', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      deliveryDate: '2026-12-04',
    });
    const lineId = String(order.lineIds[0]);
    const choices = async () =>
      (await staff.get(`/api/order-lines/${lineId}/partners?all=1`))
        .json<{ data: PartnerCandidate[] }>()
        .data.map((c) => c.partner.id);
    expect(await choices()).toContain(Number(a));

    expect((await staff.post(`/api/partners/${a}/enabled`)).json<{ data: Partner }>().data.enabled).toBe(
      false,
    );
    expect(await choices()).not.toContain(Number(a));
    const refused = await staff.post(`/api/reassign-order-line/${lineId}`, { partner_id: Number(a) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Errors>().errors.partner_id).toEqual(['Choose a valid partner.']);
    const [line] = await h.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.id, Number(lineId)));
    expect(line).toMatchObject({ partnerId: null, status: 'open' });

    // The partner user still reads their own (disabled) partner.
    expect((await partnerA.get(`/api/partners/${a}`)).json<{ data: Partner }>().data.enabled).toBe(false);

    await staff.post(`/api/partners/${a}/enabled`);
    expect(await choices()).toContain(Number(a));
    expect(
      (await staff.post(`/api/reassign-order-line/${lineId}`, { partner_id: Number(a) })).statusCode,
    ).toBe(200);
  });
});
