import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIT_COUNTED_UP_TO } from '@bloomline/contract';
import type { AuditEntry, MeasureUnit, Paged } from '@bloomline/contract';

import { auditEntries } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

// The audit log as staff (newest first, filtered by user, record type and record id, paged), as partners
// (403) and signed out (401); the 422 of each malformed filter; a change made through the API found with its
// old and new values; and a total past AUDIT_COUNTED_UP_TO read from the planner instead of counted.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };

const list = async (query = '') => {
  const res = await staff.get(`/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<AuditEntry>>();
};
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  // Estimates are asked afresh on every request, so a list's size follows what each test wrote.
  h = await createHarness({ env: { COUNT_CACHE_SECONDS: '0' } });
  ({ staff, partnerA, partnerB } = await h.signedIn('10.11.5'));
  const { staff: admin, userA } = h.fixtures;
  // Two entries share a time: the later id comes first.
  await h.database.db.insert(auditEntries).values([
    {
      userId: admin.id,
      event: 'created',
      message: 'Stem created',
      propertyType: 'measure unit',
      propertyId: 7,
      newValues: { name: 'Stem' },
      createdAt: at('2026-01-01T08:00:00Z'),
    },
    {
      userId: userA.id,
      event: 'updated',
      message: 'Line 7 accepted',
      propertyType: 'order line',
      propertyId: 7,
      oldValues: { status: 'open' },
      newValues: { status: 'accepted' },
      createdAt: at('2026-01-02T08:00:00Z'),
    },
    {
      userId: null,
      event: 'updated',
      message: 'Line 8 by the system',
      propertyType: 'order line',
      propertyId: 8,
      oldValues: { status: 'accepted' },
      newValues: { status: 'fulfilled' },
      createdAt: at('2026-01-02T08:00:00Z'),
    },
    {
      userId: admin.id,
      event: 'deleted',
      message: 'Old period deleted',
      propertyType: 'partner offline time',
      propertyId: 3,
      oldValues: { enabled: true },
      createdAt: at('2026-01-03T08:00:00Z'),
    },
  ]);
});
afterAll(() => h.close());

describe('GET /api/audit', () => {
  it('lists every entry newest first, ties by id, with the user’s name or "system"', async () => {
    const { data, meta } = await list();
    expect(data.map((e) => e.message)).toEqual([
      'Old period deleted',
      'Line 8 by the system',
      'Line 7 accepted',
      'Stem created',
    ]);
    expect(meta).toMatchObject({ total: 4, current_page: 1, per_page: 15, from: 1, to: 4, last_page: 1 });
    expect(data[1]).toEqual({
      id: expect.any(Number) as number,
      createdAt: '2026-01-02T08:00:00.000Z',
      event: 'updated',
      message: 'Line 8 by the system',
      user: 'system',
      userId: null,
      propertyType: 'order line',
      propertyId: 8,
      oldValues: { status: 'accepted' },
      newValues: { status: 'fulfilled' },
    });
    expect(data[2]).toMatchObject({ user: 'Fiona Florist', userId: h.fixtures.userA.id });
    expect(data[3]).toMatchObject({ oldValues: null, newValues: { name: 'Stem' } });
  });

  it('filters by user, record type and record id, alone and together', async () => {
    const names = async (query: string) => (await list(query)).data.map((e) => e.message);
    expect(await names(`?user=${String(h.fixtures.staff.id)}`)).toEqual([
      'Old period deleted',
      'Stem created',
    ]);
    expect(await names('?pT=order%20line')).toEqual(['Line 8 by the system', 'Line 7 accepted']);
    expect(await names('?pT=order+line&pI=7')).toEqual(['Line 7 accepted']);
    expect(await names('?pI=7')).toEqual(['Line 7 accepted', 'Stem created']);
    expect(await names(`?user=${String(h.fixtures.userA.id)}&pT=measure%20unit`)).toEqual([]);
    expect(await names('?user=999999')).toEqual([]);
    expect(await names('?user=&pT=&pI=')).toHaveLength(4);
  });

  it('pages like every list, the links keeping the filters; a page past the end is empty', async () => {
    const first = await list('?pT=order%20line&per_page=1');
    expect(first.data.map((e) => e.propertyId)).toEqual([8]);
    expect(first.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(first.meta.links.at(-1)!.url).toBe('/api/audit?per_page=1&pT=order+line&page=2');
    expect((await list('?pT=order%20line&per_page=1&page=2')).data.map((e) => e.propertyId)).toEqual([7]);
    const past = await list('?pT=order%20line&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 2, current_page: 9, from: null });
    expect((await list('?page=abc')).meta.current_page).toBe(1);
  });

  it('refuses a malformed filter with a 422 on its field', async () => {
    const res = await staff.get('/api/audit?user=abc&pT=order_line&pI=0');
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors).toEqual({
      user: ['User must be a whole number.'],
      pT: ['Choose a valid record type.'],
      pI: ['Record id must be at least 1.'],
    });
    for (const query of ['?pI=1.5', '?pI=-3', '?user=99999999999', '?pT=ORDER%20LINE']) {
      expect((await staff.get(`/api/audit${query}`)).statusCode, query).toBe(422);
    }
  });

  it('is staff only', async () => {
    expect((await partnerA.get('/api/audit')).statusCode).toBe(403);
    expect((await partnerB.get('/api/audit?pT=order%20line')).statusCode).toBe(403);
    expect((await h.client().get('/api/audit')).statusCode).toBe(401);
  });

  it('finds a change made through the API, with its old and new values', async () => {
    const created = (await staff.post('/api/measure-units', { name: 'Sleeve', short_code: 'sl' })).json<{
      data: MeasureUnit;
    }>().data;
    await staff.put(`/api/measure-units/${String(created.id)}`, { name: 'Sleeves', short_code: 'sl' });
    const { data } = await list(`?pT=measure%20unit&pI=${String(created.id)}`);
    expect(data.map((e) => [e.event, e.user, e.oldValues, e.newValues])).toEqual([
      ['updated', 'Ada Admin', { name: 'Sleeve' }, { name: 'Sleeves' }],
      ['created', 'Ada Admin', null, { name: 'Sleeve', short_code: 'sl' }],
    ]);
  });
});

describe(`a list of more than ${String(AUDIT_COUNTED_UP_TO)} entries`, () => {
  // Not a multiple of 15, so the last page is short.
  const many = AUDIT_COUNTED_UP_TO + 2_003;

  beforeAll(async () => {
    await h.database.db.execute(sql`
      insert into audit_entries (event, message, property_type, property_id, created_at)
      select 'updated', 'bulk ' || n, 'order', n, timestamptz '2025-01-01' + n * interval '1 minute'
      from generate_series(1, ${many}) n`);
    await h.database.db.execute(sql`analyze audit_entries`);
  });

  it('reads its total from the planner instead of counting', async () => {
    const { data, meta } = await list('?pT=order');
    expect(data[0]!.message).toBe(`bulk ${String(many)}`);
    // After analyze the planner knows the table well, but it is an estimate all the same.
    expect(Math.abs(meta.total - many)).toBeLessThanOrEqual(many * 0.02);
    expect(meta.last_page).toBe(Math.ceil(meta.total / 15));
    const whole = await list();
    expect(Math.abs(whole.meta.total - (many + 6))).toBeLessThanOrEqual(many * 0.02);
  });

  it('tells the exact total from a last page that is not full', async () => {
    const last = Math.ceil(many / 15);
    const { data, meta } = await list(`?pT=order&page=${String(last)}`);
    expect(data).toHaveLength(many % 15);
    expect(data.at(-1)!.message).toBe('bulk 1');
    expect(meta.total).toBe(many);
  });

  it('still counts a small filter exactly, and answers a page past the end with an estimated total', async () => {
    expect((await list('?pT=order&pI=5')).meta.total).toBe(1);
    const past = await list('?pT=order&page=100000');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBeGreaterThanOrEqual(AUDIT_COUNTED_UP_TO);
  });
});
