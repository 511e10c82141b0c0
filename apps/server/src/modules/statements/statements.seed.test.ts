import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestMonths, monthBounds, sumsOfEntries, toCents, totalDeductionsCents } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import { openDatabase, type Database } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { createStatementsService } from './statements.service';

// The demo data read through the statements: every month of the last twelve answers, its figures are the
// contract's functions of its entries, and the seed's monthly EFT payments (what was paid for a month's bills,
// less the month's deductions, on the 7th of the next month) equal Total paid less Total deductions.

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
      for (const month of latestMonths().slice(1)) {
        const answer = await statements.statement(staff, { month, s: 'name', d: 'desc', partner_id: id });
        const sums = sumsOfEntries(answer.data);
        expect(toCents(answer.meta.totals.totalPaid), month).toBe(sums.paidBills);
        expect(toCents(answer.meta.totals.totalDeductions), month).toBe(totalDeductionsCents(sums));
        const payDay = `${monthBounds(month).next.slice(0, 7)}-07`;
        const [payment] = await rowsOf<{ cents: number }>(
          db,
          sql`select amount_cents as cents from payments where partner_id = ${id} and paid_at = ${payDay}::date`,
        );
        const due = sums.paidBills - totalDeductionsCents(sums);
        if (payment) {
          expect(payment.cents, `${String(id)} ${month}`).toBe(due);
          checkedPayments += 1;
        }
      }
    }
    expect(checkedPayments).toBeGreaterThan(5);
  }, 120_000);
});
