import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { todayInJohannesburg } from '@bloomline/contract';
import type { Partner, PartnerListItem } from '@bloomline/contract';

import { auditEntries, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createPlaces } from '../../test/places';
import { partnerCounts, partnerForm } from './partners.test-support';
import type { Places } from '../../test/places';

// Partners as staff: the list, the export, the record, create, update and enable/disable, with the 422 bag
// rules are in partners.validation.test.ts; partners and guests are refused the staff calls. A partner user's own profile is in
// partners.profile.test.ts.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let places: Places;
type Errors = { message: string; errors: Record<string, string[]> };

const list = async (q = '') =>
  (await staff.get(`/api/partners${q ? `?q=${encodeURIComponent(q)}` : ''}`)).json<{
    data: PartnerListItem[];
  }>().data;
/** A signed-out visitor with a CSRF token, so a write is refused as unauthenticated (401), not 419. */
const guest = async () => {
  const client = h.client('10.11.9.9');
  await client.csrf();
  return client;
};
const auditOf = (id: number) =>
  h.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.propertyType, 'partner'), eq(auditEntries.propertyId, id)))
    .orderBy(auditEntries.id);

/** RFC 4180 as csv-stringify writes it: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.11.0'));
  places = await createPlaces(h.database.db);
  await h.database.db
    .update(partners)
    .set({ cityId: places.johannesburg, provinceId: places.gauteng, ownerName: 'Zola Mokoena' })
    .where(eq(partners.id, h.fixtures.partnerB.id));
});
afterAll(() => h.close());

describe('GET /api/partners', () => {
  it('lists every partner by name with what the table and the map show', async () => {
    const rows = await list();
    expect(rows.map((p) => p.name)).toEqual(['Fynbos & Co', 'Protea Petals']);
    expect(rows[0]).toEqual({
      id: h.fixtures.partnerB.id,
      name: 'Fynbos & Co',
      city: 'Johannesburg',
      province: 'Gauteng',
      partnerType: 'florist',
      rating: 5,
      enabled: true,
      latitude: -33.93,
      longitude: 18.46,
      radius: 15,
    });
  });

  it('searches the name, the city and the owner, case-insensitively and literally', async () => {
    expect((await list('PROTEA')).map((p) => p.name)).toEqual(['Protea Petals']);
    expect((await list('johannes')).map((p) => p.name)).toEqual(['Fynbos & Co']);
    expect((await list('mokoena')).map((p) => p.name)).toEqual(['Fynbos & Co']);
    expect(await list('%')).toEqual([]);
    const bad = await staff.get('/api/partners?q=a%00b');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Errors>().errors).toEqual({ q: ['Search must not contain control characters.'] });
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/partners')).statusCode).toBe(403);
    expect((await partnerB.get('/api/partners?q=a')).statusCode).toBe(403);
    expect((await h.client().get('/api/partners')).statusCode).toBe(401);
  });
});

describe('GET /api/partners/export', () => {
  it('downloads the list as searched, a row per partner, named by the date', async () => {
    const made = await staff.form('/api/partners', {
      name: '=HYPERLINK("http://evil.example","Click")',
      city_id: places.capeTown,
      ownerName: 'Export Owner',
    });
    expect(made.statusCode).toBe(201);
    for (const q of ['', 'owner', 'zzz']) {
      const res = await staff.get(`/api/partners/export${q ? `?q=${q}` : ''}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="partners-${todayInJohannesburg()}.csv"`,
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual([
        'ID',
        'Name',
        'City',
        'Province',
        'Type',
        'Rating',
        'Enabled',
        'Latitude',
        'Longitude',
        'Radius (km)',
      ]);
      const expected = (await list(q)).map((p) => [
        String(p.id),
        p.name.startsWith('=') ? `'${p.name}` : p.name,
        p.city ?? '',
        p.province ?? '',
        p.partnerType,
        String(p.rating),
        p.enabled ? 'Yes' : 'No',
        p.latitude === null ? '' : String(p.latitude),
        p.longitude === null ? '' : String(p.longitude),
        String(p.radius),
      ]);
      expect(rows, q).toEqual(expected);
    }
    // The formula is text in a spreadsheet; a negative number stays a number.
    const all = parseCsv((await staff.get('/api/partners/export')).body.slice(1));
    expect(all.some((r) => r[1] === `'=HYPERLINK("http://evil.example","Click")`)).toBe(true);
    expect(all.some((r) => r[7] === '-33.93')).toBe(true);
  });

  it('is staff only and checks the search', async () => {
    expect((await partnerA.get('/api/partners/export')).statusCode).toBe(403);
    expect((await h.client().get('/api/partners/export')).statusCode).toBe(401);
    expect((await staff.get('/api/partners/export?q=%07')).statusCode).toBe(422);
  });

  // Issue 36, point 12: the export's path with another method is not the partner record named "export".
  it('answers POST and PUT with 405 and Allow: GET, for anyone, as the document says', async () => {
    const anonymous = await guest();
    for (const client of [staff, partnerA, anonymous, h.client('10.11.9.8')]) {
      for (const method of ['POST', 'PUT'] as const) {
        const res = await client.request(method, '/api/partners/export', {});
        expect([method, res.statusCode]).toEqual([method, 405]);
        expect(res.headers.allow).toBe('GET');
        expect(res.json<{ message: string }>().message).toMatch(/not supported/);
      }
    }
    // No route has DELETE there: the path's own methods are named, not the record's.
    expect((await staff.request('DELETE', '/api/partners/export')).headers.allow).toBe('GET');
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const record = doc.paths['/api/partners/{id}']!;
    expect(Object.keys(record.put!.responses)).toContain('405');
    expect(Object.keys(record.post!.responses)).toContain('405');
    // A record's own path still answers as before.
    expect((await staff.put('/api/partners/999999', {})).statusCode).not.toBe(405);
  });
});

describe('POST /api/partners', () => {
  it('creates from a multipart form with every field, and audits it', async () => {
    const res = await staff.form('/api/partners', partnerForm(places));
    expect(res.statusCode).toBe(201);
    const made = res.json<{ data: Partner }>().data;
    expect(made).toEqual({
      id: made.id,
      name: 'Karoo Blossoms',
      vatNumber: '4987654321',
      partnerType: 'florist',
      rating: 8,
      radius: 25.5,
      address1: '1 Kloof Street',
      address2: 'Shop 4',
      address3: null,
      province_id: places.westernCape,
      province: 'Western Cape',
      city_id: places.capeTown,
      city: 'Cape Town',
      location_id: places.gardens,
      suburb: 'Gardens',
      country: 'South Africa',
      postalCode: '8001',
      latitude: -33.9301,
      longitude: 18.4123,
      ownerName: 'Karin Botha',
      ownerEmail: 'karin@karoo.example',
      ownerPhone: '+27 82 000 1111',
      businessEmail: 'shop@karoo.example',
      businessPhone: '021 000 2222',
      wholesaleDeliveryFee: 85.5,
      avbobSalesChannel: true,
      webSalesSalesChannel: false,
      inStoreSalesChannel: true,
      b2bSalesChannel: false,
      bank_name: 'FNB',
      branch_code: '250655',
      account_name: 'Karoo Blossoms (Pty) Ltd',
      account_number: '62000000001',
      account_type: 'Cheque',
      commission: 0.225,
      enabled: true,
      saturday: 'same_day',
      // Issue 46: the bank details given await a second user's confirmation (partners.bank.test.ts).
      bank: {
        state: 'awaiting-confirmation',
        accountLastFour: '0001',
        shown: true,
        change: {
          id: made.bank.change!.id,
          changedBy: { id: h.fixtures.staff.id, name: 'Ada Admin' },
          changedAt: made.bank.change!.changedAt,
          confirmedBy: null,
          confirmedAt: null,
        },
      },
    });
    expect((await staff.get(`/api/partners/${String(made.id)}`)).json<{ data: Partner }>().data).toEqual(
      made,
    );
    const [entry] = await auditOf(made.id);
    expect(entry).toMatchObject({ event: 'created', userId: h.fixtures.staff.id });
    expect(entry!.newValues).toMatchObject({ name: 'Karoo Blossoms', wholesaleDeliveryFeeCents: 8550 });
  });

  it('gives a partner with only a name the defaults: South Africa, every channel on', async () => {
    const res = await staff.post('/api/partners', { name: 'Bare Minimum Blooms' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: Partner }>().data).toMatchObject({
      country: 'South Africa',
      partnerType: 'florist',
      avbobSalesChannel: true,
      webSalesSalesChannel: true,
      inStoreSalesChannel: true,
      b2bSalesChannel: true,
      enabled: true,
      saturday: 'open',
      commission: 0.25,
      wholesaleDeliveryFee: 0,
      latitude: null,
    });
  });

  it('is refused to partners and guests, and writes nothing', async () => {
    const before = await partnerCounts(h);
    expect((await partnerA.form('/api/partners', partnerForm(places))).statusCode).toBe(403);
    expect((await partnerB.post('/api/partners', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await (await guest()).post('/api/partners', { name: 'Sneaky' })).statusCode).toBe(401);
    expect(await partnerCounts(h)).toEqual(before);
  });
});

describe('POST /api/partners/{id} with _method=PUT', () => {
  it('changes what was sent, keeps the rest, and audits only the changes', async () => {
    const id = (await staff.post('/api/partners', { name: 'Update Me', rating: 4 })).json<{ data: Partner }>()
      .data.id;
    const res = await staff.form(`/api/partners/${String(id)}`, {
      _method: 'PUT',
      name: 'Updated Florist',
      rating: '9',
      radius: '0',
      commission: '0.3',
      enabled: '0',
      country: '',
      b2bSalesChannel: 'false',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Partner }>().data).toMatchObject({
      name: 'Updated Florist',
      rating: 9,
      radius: 0,
      commission: 0.3,
      enabled: false,
      country: 'South Africa',
      b2bSalesChannel: false,
      avbobSalesChannel: true,
    });
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({ event: 'updated', userId: h.fixtures.staff.id });
    expect(entries.at(-1)!.oldValues).toEqual({
      name: 'Update Me',
      rating: 4,
      radiusKm: 15,
      commission: '0.2500',
      enabled: true,
      b2bSalesChannel: true,
    });
  });

  it('answers 405 without _method, and 404 for a missing or malformed id', async () => {
    const id = String(h.fixtures.partnerA.id);
    expect((await staff.form(`/api/partners/${id}`, { name: 'x' })).statusCode).toBe(405);
    expect((await staff.form('/api/partners/999999', { _method: 'PUT', name: 'x' })).statusCode).toBe(404);
    expect((await staff.put('/api/partners/abc', { name: 'x' })).statusCode).toBe(404);
    expect((await staff.get('/api/partners/0')).statusCode).toBe(404);
  });
});

describe('POST /api/partners/{id}/enabled', () => {
  it('disables and enables again, answering the partner, each audited', async () => {
    const id = (await staff.post('/api/partners', { name: 'Toggle Flowers' })).json<{ data: Partner }>().data
      .id;
    const off = await staff.post(`/api/partners/${String(id)}/enabled`);
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: Partner }>().data).toMatchObject({ id, enabled: false });
    expect((await list('toggle'))[0]?.enabled).toBe(false);
    const on = await staff.post(`/api/partners/${String(id)}/enabled`);
    expect(on.json<{ data: Partner }>().data.enabled).toBe(true);
    const events = (await auditOf(id)).map((e) => [e.event, e.newValues]);
    expect(events.slice(1)).toEqual([
      ['disabled', { enabled: false }],
      ['enabled', { enabled: true }],
    ]);
  });

  it('is staff only, and 404 for a missing partner', async () => {
    const id = String(h.fixtures.partnerA.id);
    expect((await partnerA.post(`/api/partners/${id}/enabled`)).statusCode).toBe(403);
    expect((await partnerB.post(`/api/partners/${id}/enabled`)).statusCode).toBe(403);
    expect((await (await guest()).post(`/api/partners/${id}/enabled`)).statusCode).toBe(401);
    expect((await staff.post('/api/partners/999999/enabled')).statusCode).toBe(404);
    expect((await staff.get(`/api/partners/${id}`)).json<{ data: Partner }>().data.enabled).toBe(true);
  });
});
