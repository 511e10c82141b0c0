import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderExportFileName, todayInJohannesburg } from '@bloomline/contract';

import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { orderExportBatches } from './orders-export';

// Export what you see (issue 40): every order list answers `Accept: text/csv` with the screen's columns for the
// same filter, sort and search, streamed, as `orders-<filter>-<date>.csv`.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
const CSV = { accept: 'text/csv' };
const MARK = 'Exportvale';

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.41.0'));
  const a = h.fixtures.partnerA.id;
  const b = h.fixtures.partnerB.id;
  // Three orders of one made-up suburb: two of partner A's (one also B's), one of B's alone.
  await createOrder(h.database.db, [{ partnerId: a, status: 'open', valueCents: 123456 }], {
    firstName: 'Lindiwe',
    lastName: MARK,
    deliveryFeeCents: 9950,
    deliveryDate: '2026-03-02',
    createdAt: new Date('2026-02-27T22:30:00Z'),
  });
  await createOrder(
    h.database.db,
    [
      { partnerId: a, status: 'accepted', valueCents: 50000 },
      { partnerId: b, status: 'open', valueCents: 20000 },
    ],
    { firstName: '=HYPERLINK("x")', lastName: MARK, createdAt: new Date('2026-02-20T08:00:00Z') },
  );
  await createOrder(h.database.db, [{ partnerId: b, status: 'fulfilled', valueCents: 10000 }], {
    firstName: 'Ben',
    lastName: MARK,
    createdAt: new Date('2026-02-10T08:00:00Z'),
  });
});
afterAll(async () => h.close());

const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('GET /api/orders as CSV', () => {
  it('staff: the screen’s columns for the search, newest first, money with two decimals', async () => {
    const res = await staff.get(`/api/orders?q=${MARK}`, CSV);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-all-${todayInJohannesburg()}.csv"`,
    );
    const rows = rowsOf(res.body);
    expect(rows[0]).toBe('Order,Recipient,Created,Delivery,Value (Incl delivery),Status');
    expect(rows).toHaveLength(4);
    // Created on 27 February at 22:30 UTC is the 28th in Johannesburg; R 1 234,56 + R 99,50 delivery.
    expect(rows[1]).toMatch(/^#BL\d+,Lindiwe Exportvale,2026-02-28,2026-03-02,1334\.06,open$/);
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"") Exportvale"`);
    expect(rows[2]).toMatch(/,799\.00,open$/);
    expect(rows[3]).toMatch(/,Ben Exportvale,2026-02-10,2026-11-22,199\.00,fulfilled$/);
  });

  it('keeps the sort and the filter, and names the file by the filter', async () => {
    const asc = rowsOf((await staff.get(`/api/orders?q=${MARK}&s=created_at&d=asc`, CSV)).body);
    expect(asc[1]).toContain('Ben Exportvale');
    const open = await staff.get(`/api/orders?q=${MARK}&filter=open`, CSV);
    expect(open.headers['content-disposition']).toContain(`orders-open-${todayInJohannesburg()}.csv`);
    expect(
      rowsOf(open.body)
        .slice(1)
        .map((r) => r.split(',')[1]),
    ).toEqual(['Lindiwe Exportvale', expect.any(String)]);
  });

  it('a partner exports only their own orders, with their own value and status', async () => {
    const rows = rowsOf((await partnerA.get(`/api/orders?q=${MARK}`, CSV)).body);
    expect(rows).toHaveLength(3);
    // Their share of the shared order: R 500,00 + R 99,00 delivery, their line accepted.
    expect(rows[2]).toMatch(/,599\.00,accepted$/);
    const theirs = rowsOf((await partnerB.get(`/api/orders?q=${MARK}`, CSV)).body);
    expect(theirs).toHaveLength(3);
    expect(theirs.some((r) => r.includes('Lindiwe'))).toBe(false);
  });

  it('a bad filter is a 422, signed out a 401', async () => {
    expect((await staff.get('/api/orders?filter=nope', CSV)).statusCode).toBe(422);
    expect((await h.client('10.41.9.9').get('/api/orders', CSV)).statusCode).toBe(401);
  });

  it('reads the list in keyset batches that never repeat or skip an order', async () => {
    const query = { page: 1, per_page: 15, q: MARK.toLowerCase(), s: 'created_at', d: 'desc' } as const;
    const batches = [];
    for await (const batch of orderExportBatches(h.database.db, { kind: 'staff', userId: 1 }, query, {
      batch: 2,
    }))
      batches.push(batch.map((r) => r.order.firstName));
    expect(batches).toEqual([['Lindiwe', '=HYPERLINK("x")'], ['Ben']]);
    const byName = orderExportBatches(
      h.database.db,
      { kind: 'staff', userId: 1 },
      { ...query, s: 'name' },
      { batch: 1 },
    );
    const names = [];
    for await (const batch of byName) names.push(...batch.map((r) => r.order.name));
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toHaveLength(3);
  });

  it('names the file orders-<filter>-<date>.csv', () => {
    expect(orderExportFileName('unassigned', '2026-02-14')).toBe('orders-unassigned-2026-02-14.csv');
    expect(orderExportFileName(undefined, '2026-02-14')).toBe('orders-all-2026-02-14.csv');
  });
});
