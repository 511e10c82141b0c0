import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ACCOUNTING_COLUMNS,
  type AccountingRow,
  ON_PAY_EXCL,
  ON_PAY_INCL,
  toCents,
} from '@bloomline/contract';

import { insertMany, rowsOf } from '../../db/bulk';
import { orderLines, orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { accountingExport, accountingExportOffThread } from './accounting-export';
import { ACCOUNTING_BATCH_ORDERS, accountingRows } from './accounting.queries';
import { johannesburgDay, ordersDeliveredIn, seedWorld, type World } from './reporting.test-support';

let h: Harness;
let staff: TestClient;
let world: World;

beforeAll(async () => {
  h = await createHarness();
  world = await seedWorld(h.database.db, h.fixtures, 60);
  ({ staff } = await h.signedIn('10.23.2'));
});
afterAll(() => h.close());

const FEBRUARY = 'startDate=2026-02-01&endDate=2026-02-28';
const URL = '/api/reporting/accounting-csv';

async function rows(query: string): Promise<AccountingRow[]> {
  const res = await staff.get(`${URL}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json<AccountingRow[]>();
}

const textOf = async (stream: AsyncIterable<unknown>) => {
  let text = '';
  for await (const piece of stream) text += String(piece);
  return text;
};

/** The CSV's records, read back (no cell of this world holds a comma, quote or line break but the one quoted). */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /api/reporting/accounting-csv as JSON', () => {
  it('is a bare array of 19 positions, one row per order line, by delivery date then order id then line', async () => {
    const answer = await rows(FEBRUARY);
    const expected = ordersDeliveredIn(world, { startDate: '2026-02-01', endDate: '2026-02-28' })
      .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id)
      .flatMap((o) => o.lines.map((l) => ({ o, l })));
    expect(answer.length).toBe(expected.length);
    expect(answer.length).toBeGreaterThan(10);
    answer.forEach((row, i) => {
      const { o, l } = expected[i]!;
      expect(row).toHaveLength(19);
      expect(row[0]).toBe(o.name);
      expect(row[1]).toBe(johannesburgDay(o.createdAt));
      expect(row[7]).toBe(o.deliveryDate);
      expect(row[10]).toBe((l.quantity * l.valueCents) / 100);
      expect(row[11]).toBe(l.partnerId === null ? null : world.partnerNames.get(l.partnerId));
      expect(row[18]).toBe(o.id);
    });
  });

  it("adds up, per order, to the order's own on-pay calculation; fee and adjustment once per partner", async () => {
    const answer = await rows(FEBRUARY);
    const byOrder = new Map<number, AccountingRow[]>();
    for (const row of answer) byOrder.set(row[18], [...(byOrder.get(row[18]) ?? []), row]);
    for (const [orderId, lines] of byOrder) {
      const res = await staff.get(`/api/orders/${String(orderId)}/onpayment`);
      const onpayment = res.json<{ data: Record<string, number> }>().data;
      const sum = (i: number) => lines.reduce((s, r) => s + toCents(r[i] as number), 0);
      expect(sum(15)).toBe(toCents(onpayment[ON_PAY_EXCL]!));
      expect(sum(16)).toBe(toCents(onpayment[ON_PAY_INCL]!));
      // Each partner's first row carries its fee and adjustment; its other rows 0. The fee is earned once.
      const seen = new Set<string | null>();
      for (const r of lines) {
        if (seen.has(r[11])) expect([r[14], r[17]]).toEqual([0, 0]);
        seen.add(r[11]);
      }
      expect([0, 99]).toContain(lines.reduce((s, r) => s + r[14], 0));
    }
    // Partner A's credit notes of 50,00, on A's first row of those orders, negative.
    expect(answer.some((r) => r[17] === -50 && r[11] === h.fixtures.partnerA.name)).toBe(true);
    expect(answer.some((r) => r[14] === 99)).toBe(true);
  });

  it('answers a year-long range (streamed, never refused) and an open one', async () => {
    const year = await rows('startDate=2026-01-01&endDate=2026-12-31');
    const all = await rows('');
    const lineCount = world.orders.reduce((n, o) => n + o.lines.length, 0);
    expect(year.length).toBe(lineCount);
    expect(all.length).toBe(lineCount);
    expect(await rows('startDate=2030-01-01')).toEqual([]);
  });
});

describe('GET /api/reporting/accounting-csv as CSV', () => {
  it('has the 18 named columns, a record per line, and names the file by the range', async () => {
    const res = await staff.get(`${URL}?${FEBRUARY}`, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="accounting-2026-02-01-2026-02-28.csv"',
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(ACCOUNTING_COLUMNS.join(','));
    expect(ACCOUNTING_COLUMNS).toHaveLength(18);
    expect(lines.length - 1).toBe((await rows(FEBRUARY)).length);
    const cells = lines[1]!.split(',');
    expect(cells).toHaveLength(18);
    expect(['Yes', 'No']).toContain(cells[12]);
    expect(['Yes', 'No']).toContain(cells[13]);
  });

  it('keeps text that looks like a formula inert and numbers as numbers', async () => {
    const res = await staff.get(`${URL}?endDate=2026-12-31`, { accept: 'text/csv' });
    expect(res.headers['content-disposition']).toContain('filename="accounting-all-2026-12-31.csv"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain(",'+27 82 000 0000,");
    // A negative adjustment is a number, not text that starts with "-"; money always has two decimals.
    expect(csvLines(res.body).some((l) => l.endsWith(',-50.00'))).toBe(true);
    expect(res.body).not.toContain("'-50");
    for (const line of csvLines(res.body)
      .slice(1)
      .filter((l) => !l.includes('"'))) {
      const cells = line.split(',');
      for (const i of [10, 14, 15, 16, 17]) expect(cells[i], line).toMatch(/^-?\d+\.\d{2}$/);
    }
  });
});

describe('the batches', () => {
  const BULK = ACCOUNTING_BATCH_ORDERS + 50;
  let firstId = 0;

  beforeAll(async () => {
    const db = h.database.db;
    await insertMany(
      db,
      orders,
      Array.from({ length: BULK }, (_, i) => ({
        name: `#BULK${String(i)}`,
        createdAt: new Date('2027-05-01T10:00:00Z'),
        deliveryDate: '2027-05-01',
      })),
    );
    // One instant to the microsecond for all: only the id tells them apart, and a JS Date would lose the µs.
    await db.execute(
      sql`update orders set created_at = '2027-05-01 10:00:00.123456+00' where name like '#BULK%'`,
    );
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`name like '#BULK%'`)
      .orderBy(orders.id);
    firstId = ids[0]!.id;
    await insertMany(
      db,
      orderLines,
      ids.map((o) => ({ orderId: o.id, title: 'Bulk', valueCents: 1000 })),
    );
  });

  it('reads every order once, in order, a piece at a time', async () => {
    const batches: AccountingRow[][] = [];
    for await (const batch of accountingRows(h.database, {
      startDate: '2027-05-01',
      endDate: '2027-05-01',
    }))
      batches.push(batch);
    expect(batches.flat().map((r) => r[18])).toEqual(Array.from({ length: BULK }, (_, i) => firstId + i));
    // PGlite reads keyset batches of ACCOUNTING_BATCH_ORDERS orders; PostgreSQL's COPY as the socket delivers.
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(ACCOUNTING_BATCH_ORDERS);
  });

  it('stops reading when the client has gone', async () => {
    const controller = new AbortController();
    const reader = accountingRows(h.database, { startDate: '2027-05-01' }, controller.signal);
    expect((await reader.next()).value?.length).toBeGreaterThan(0);
    controller.abort();
    expect((await reader.next()).done).toBe(true);
  });

  it('gives back text with tabs, line breaks, backslashes, quotes and accents exactly', async () => {
    const awkward = 'Zoë\t"O\'Brien"\\ \\N\nLine two — ✿';
    await insertMany(h.database.db, orders, [
      {
        name: '#AWKWARD',
        customerName: awkward,
        createdAt: new Date('2027-06-01T10:00:00Z'),
        deliveryDate: '2027-06-01',
      },
    ]);
    const batches: AccountingRow[][] = [];
    for await (const batch of accountingRows(h.database, { startDate: '2027-06-01', endDate: '2027-06-01' }))
      batches.push(batch);
    // An order without lines has no row; its lines would carry the name in position 4.
    expect(batches.flat()).toEqual([]);
    const [order] = await rowsOf<{ id: number }>(
      h.database.db,
      sql`select id from orders where name = '#AWKWARD'`,
    );
    await insertMany(h.database.db, orderLines, [{ orderId: order!.id, title: 'Awkward', valueCents: 100 }]);
    const rows: AccountingRow[] = [];
    for await (const batch of accountingRows(h.database, { startDate: '2027-06-01', endDate: '2027-06-01' }))
      rows.push(...batch);
    expect(rows.map((r) => [r[0], r[4]])).toEqual([['#AWKWARD', awkward]]);
  });

  it('streams the whole CSV over HTTP', async () => {
    const res = await staff.get(`${URL}?startDate=2027-05-01&endDate=2027-05-01`, { accept: 'text/csv' });
    expect(csvLines(res.body)).toHaveLength(BULK + 1);
  });

  // On PostgreSQL the report is written by a worker thread with a connection of its own (accounting-export.ts);
  // that it stops when the client goes away is lib/worker-stream.test.ts's and db/copy-out.test.ts's to show.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "is written off the server's thread the same as on it, byte for byte, as CSV and as JSON",
    async () => {
      const range = { startDate: '2027-05-01', endDate: '2027-05-01' };
      const connectionString = h.database.connectionString!;
      const csv = await textOf(accountingExportOffThread({ format: 'csv', connectionString, range }));
      expect(csvLines(csv)).toHaveLength(BULK + 1);
      expect(csv).toBe(await textOf(accountingExport('csv', h.database, range)));
      const json = await textOf(accountingExportOffThread({ format: 'json', connectionString, range }));
      expect(JSON.parse(json)).toHaveLength(BULK);
      expect(json).toBe(await textOf(accountingExport('json', h.database, range)));
    },
  );
});
