import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountingRow, StatementAnswer } from '@bloomline/contract';
import { latestMonths, monthBounds, todayInJohannesburg, toCents } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { Database } from '../db/client';
import { seedDatabase } from '../demo-seed';
import { TestClient } from './client';
import { createHarness, type Harness } from './harness';
import { expectDemoMoneyInvariants } from './money-invariants';

// The accounting CSV reconciles with the statements on the demo data (DECISIONS.md "The money cycle on real
// orders"; issue 35): for every partner and month, the statement's bills equal the CSV's on pay (incl.
// delivery) of that partner's delivered rows of orders delivered in the month; and the statements' deductions
// on orders equal the CSV's adjustments (credit notes and refund deductions on the order, by partner), the rest
// of the deductions being the in-store and wholesale entries, which have no row of their own.

let h: Harness;
let database: Database;
let staff: TestClient;

// The harness's own database (embedded, or one of its own on DATABASE_URL's server), emptied and seeded with
// the demo: the same test on PGlite and on PostgreSQL.
beforeAll(async () => {
  h = await createHarness();
  database = h.database;
  await seedDatabase(database.db, { orders: 400, reset: true });
  staff = new TestClient(h.app, '10.35.9.1');
  await staff.login('admin@example.com');
}, 240_000);
afterAll(() => h.close());

const BILLED = new Set(['delivered', 'return', 'refund']);

describe('the accounting CSV reconciles with the statements (demo data)', () => {
  it('every partner and month: bills = CSV on pay of delivered rows; deductions on orders = adjustments', async () => {
    const months = latestMonths();
    const first = monthBounds(months[months.length - 1]!).first;
    const csv = (
      await staff.get(`/api/reporting/accounting-csv?startDate=${first}&endDate=${todayInJohannesburg()}`)
    ).json<AccountingRow[]>();
    // Each row's line, in the order the CSV lists an order's lines (by id), for its status and partner.
    const lines = await rowsOf<{ order_id: number; partner_id: number | null; status: string }>(
      database.db,
      sql`select order_id, partner_id, status from order_lines order by order_id, id`,
    );
    const linesOf = new Map<number, typeof lines>();
    for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
    const partners = await rowsOf<{ id: number; name: string }>(
      database.db,
      sql`select distinct p.id, p.name from partners p join bills b on b.partner_id = p.id order by p.id`,
    );
    const byOrder = new Map<number, AccountingRow[]>();
    for (const row of csv) byOrder.set(row[18], [...(byOrder.get(row[18]) ?? []), row]);

    let checked = 0;
    for (const partner of partners) {
      let statementOrderDeductions = 0;
      let csvAdjustments = 0;
      for (const month of months) {
        const answer = (
          await staff.get(`/api/reporting/statements?month=${month}&partner_id=${String(partner.id)}`)
        ).json<StatementAnswer>();
        let bills = 0;
        // Issue 46: an order's CSV rows show it as its month ended, so their adjustment is its deductions dated
        // in the month of its statement day; later ones are later months' (on their statements, not its rows).
        const inOrdersMonth = (orderId: number) =>
          (byOrder.get(orderId)?.[0]?.[7] ?? '').slice(0, 7) === month;
        for (const e of answer.data) {
          if (e.type === 'order') {
            if (e.bill) bills += toCents(e.bill.amount);
            if (inOrdersMonth(e.order.id))
              statementOrderDeductions += e.creditNotes.reduce((s, n) => s + toCents(n.amount), 0);
          }
          if (e.type === 'refund' && inOrdersMonth(e.order.id)) statementOrderDeductions += toCents(e.amount);
        }
        // The CSV's delivered rows of this partner for orders delivered in the month.
        const { first: from, next } = monthBounds(month);
        let csvBills = 0;
        for (const [orderId, rows] of byOrder) {
          const day = rows[0]![7] ?? '';
          const own = linesOf.get(orderId) ?? [];
          const mine = rows.filter((_, i) => own[i]?.partner_id === partner.id);
          if (mine.length === 0) continue;
          if (month === months[0]) csvAdjustments -= mine.reduce((s, r) => s + toCents(r[17]), 0);
          if (day < from || day >= next) continue;
          const earning = own.filter(
            (l) => l.partner_id === partner.id && l.status !== 'rejected' && l.status !== 'cancel-confirmed',
          );
          if (earning.length > 0 && earning.every((l) => BILLED.has(l.status)))
            csvBills += mine.reduce((s, r) => s + toCents(r[16]), 0);
        }
        expect(bills, `${partner.name} ${month} bills`).toBe(csvBills);
        checked += 1;
      }
      expect(statementOrderDeductions, `${partner.name} deductions on orders`).toBe(csvAdjustments);
    }
    expect(checked).toBeGreaterThan(24);
  }, 240_000);
});

// Issue 46, point 9: the whole demo obeys the money's rules, checked over every order, partner and month.
describe('the demo obeys the money rules (issue 46)', () => {
  it('holds every invariant over every order, partner and month', async () => {
    await expectDemoMoneyInvariants(database.db);
  }, 120_000);
});
