import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  currentMonth,
  latestMonths,
  monthBounds,
  sumsOfEntries,
  toCents,
  totalDeductionsCents,
} from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import { openDatabase, type Database } from '../../db/client';
import { seedDatabase } from '../../demo-seed';
import { createStatementsService } from './statements.service';

// The demo data read through the statements: every month of the last twelve answers, its figures are the
// contract's functions of its entries, and the seed's monthly pay runs (the product's payout function, up to a
// month's last day, on the 7th of the next) leave every month they paid at R 0,00 unpaid; each balance is all
// bills less all deductions less all payments up to that day (DECISIONS.md "Statements").

let database: Database;
const staff = { kind: 'staff', userId: 0 } as const;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  await seedDatabase(database.db, { orders: 300 });
}, 240_000);
afterAll(() => database.close());

describe('statements of the demo data', () => {
  it("every demo partner's months add up, and the seed's pay runs match the statements", async () => {
    const db = database.db;
    const statements = createStatementsService({ db });
    const partners = await rowsOf<{ id: number }>(
      db,
      sql`select distinct partner_id as id from users where partner_statements and partner_id is not null`,
    );
    expect(partners.length).toBeGreaterThan(0);
    let checkedPayments = 0;
    for (const { id } of partners) {
      for (const month of latestMonths()) {
        const answer = await statements.statement(staff, { month, s: 'name', d: 'desc', partner_id: id });
        const sums = sumsOfEntries(answer.data);
        expect(toCents(answer.meta.totals.totalPaid), month).toBe(sums.paidBills);
        expect(toCents(answer.meta.totals.totalDeductions), month).toBe(totalDeductionsCents(sums));
        // The balance shown: all bills less all deductions less all payments up to the month's end (or now).
        const next = month === currentMonth() ? '2999-01-01' : monthBounds(month).next;
        const [b] = await rowsOf<{ cents: number }>(
          db,
          sql`select ((select coalesce(sum(amount_cents), 0) from bills
                where partner_id = ${id} and statement_day < ${next}::date)
            - (select coalesce(sum(amount_cents), 0) from credit_notes
                where partner_id = ${id} and date < ${next}::date and (kind <> 'order' or order_id is not null))
            - (select coalesce(sum(rp.refund_deduction_cents), 0) from refund_partners rp
                join refunds r on r.id = rp.refund_id
                where rp.partner_id = ${id} and r.processed_at < ${`${next}T00:00:00+02:00`}::timestamptz)
            - (select coalesce(sum(amount_cents), 0) from payments
                where partner_id = ${id} and paid_at < ${next}::date))::float8 as cents`,
        );
        expect(toCents(answer.meta.totals.currentBalance), `${String(id)} ${month} balance`).toBe(b!.cents);
        const payDay = `${monthBounds(month).next.slice(0, 7)}-07`;
        const [payment] = await rowsOf<{ cents: number }>(
          db,
          sql`select amount_cents as cents from payments where partner_id = ${id} and paid_at = ${payDay}::date`,
        );
        if (payment) {
          // Paid out up to the month's last day: nothing of the month is left unpaid.
          expect(answer.meta.totals.totalUnpaid, `${String(id)} ${month} unpaid`).toBe(0);
          checkedPayments += 1;
        }
      }
    }
    expect(checkedPayments).toBeGreaterThan(5);
  }, 120_000);
});
