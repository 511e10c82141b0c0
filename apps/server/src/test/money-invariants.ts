import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';

import { currentBalanceCents, formatMoney, toRand, totalOnPayCents } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { currentBalanceSums, monthSums } from '../modules/statements/statements.queries';
import type { Harness } from './harness';
import { payViolations } from './money-invariants.pay';

/**
 * The money's invariants over a whole database (issue 46, point 9; DECISIONS.md "Money that cannot go wrong",
 * "The money cycle on real orders", "Statements"): plain SQL over every order, partner and month, and the
 * on-pay rule's own functions for what SQL cannot recompute (money-invariants.pay.ts). The demo test runs it
 * over the seeded demo; the API suite's money tests run it over their own database after their last test.
 * Each violation is one sentence naming the order, partner or month; none means the money is sound.
 */

const money = (cents: number | string) => formatMoney(toRand(Number(cents)));
const ZONE = sql.raw(`'Africa/Johannesburg'`);

/** A check as SQL whose every row is one violation, and the sentence for a row. */
type Check = {
  query: (fixtures: boolean) => SQL;
  say: (row: Record<string, string | number | null>) => string;
};

const checks: Check[] = [
  {
    // b. An order's refunds give back at most its value with the delivery fee.
    query:
      () => sql`select o.name, o.total_value_cents as value, sum(r.amount_cents)::float8 as refunded, count(*)::int as n
      from refunds r join orders o on o.id = r.order_id
      group by o.id, o.name, o.total_value_cents having sum(r.amount_cents) > o.total_value_cents`,
    say: (r) =>
      `Order ${String(r.name)}: ${String(r.n)} refunds give back ${money(r.refunded!)}, more than its value with delivery ${money(r.value!)}`,
  },
  {
    // c. A line's returned quantity never exceeds what was delivered; only delivered lines are returned.
    query: () => sql`select o.name, l.id, l.quantity, l.status, sum(rl.quantity)::int as returned
      from return_lines rl join order_lines l on l.id = rl.order_line_id join orders o on o.id = l.order_id
      group by o.name, l.id, l.quantity, l.status
      having sum(rl.quantity) > l.quantity or l.status not in ('delivered', 'return', 'refund')`,
    say: (r) =>
      `Order ${String(r.name)}: line ${String(r.id)} (${String(r.status)}, ${String(r.quantity)} delivered) has ${String(r.returned)} returned`,
  },
  {
    // d. In-store deductions: for an in-store order's value, from its placing partner, who is not among its
    // lines' partners.
    query: () => sql`select cn.id, p.name as partner, o.name, o.source, o.placed_by_partner_id, cn.partner_id,
        cn.amount_cents, o.total_value_cents, cn.date::text as day,
        exists (select 1 from order_lines l where l.order_id = o.id and l.partner_id = cn.partner_id) as own
      from credit_notes cn join partners p on p.id = cn.partner_id left join orders o on o.id = cn.order_id
      where cn.kind = 'instore' and (o.id is null or o.source <> 'in-store'
        or o.placed_by_partner_id is distinct from cn.partner_id or cn.amount_cents <> o.total_value_cents
        or exists (select 1 from order_lines l where l.order_id = o.id and l.partner_id = cn.partner_id))`,
    say: (r) =>
      `${String(r.partner)}, ${String(r.day).slice(0, 7)}: in-store deduction ${money(r.amount_cents!)} for ` +
      `${r.name === null ? 'no order' : `order ${String(r.name)} (source ${String(r.source)}, value ${money(r.total_value_cents!)}${r.own ? ', their own lines' : ''}${r.placed_by_partner_id === r.partner_id ? '' : ', placed by another'})`}`,
  },
  {
    // f. A payout's payment pays its bills less the deductions it settled, and is above zero.
    query: () => sql`select p.id, pa.name as partner, p.paid_at::text as day, p.amount_cents,
        (coalesce((select sum(b.amount_cents) from bills b where b.payment_id = p.id), 0)
          - coalesce((select sum(cn.amount_cents) from credit_notes cn where cn.payment_id = p.id), 0)
          - coalesce((select sum(rp.refund_deduction_cents) from refund_partners rp where rp.payment_id = p.id), 0)
        )::float8 as due
      from payments p join partners pa on pa.id = p.partner_id
      where p.amount_cents <= 0 or (p.payout_id is not null and p.amount_cents <>
        coalesce((select sum(b.amount_cents) from bills b where b.payment_id = p.id), 0)
          - coalesce((select sum(cn.amount_cents) from credit_notes cn where cn.payment_id = p.id), 0)
          - coalesce((select sum(rp.refund_deduction_cents) from refund_partners rp where rp.payment_id = p.id), 0))`,
    say: (r) =>
      `${String(r.partner)}, ${String(r.day).slice(0, 7)}: payment ${String(r.id)} of ${money(r.amount_cents!)}, its bills less its deductions being ${money(r.due!)}`,
  },
  {
    // f. A bill paid by a payment is marked paid on the payment's day.
    query:
      () => sql`select o.name, pa.name as partner, b.statement_day::text as day, b.paid, b.paid_at::text as paid_at,
        p.paid_at::text as payment_day
      from bills b join orders o on o.id = b.order_id join partners pa on pa.id = b.partner_id
        join payments p on p.id = b.payment_id
      where not b.paid or b.paid_at is distinct from p.paid_at or p.partner_id <> b.partner_id`,
    say: (r) =>
      `Order ${String(r.name)}, ${String(r.partner)} (billed ${String(r.day).slice(0, 7)}): bill settled by a payment of ${String(r.payment_day)} but marked ${r.paid ? `paid on ${String(r.paid_at)}` : 'unpaid'}`,
  },
  {
    // g. A payout's reference is its own.
    query: () =>
      sql`select reference, count(*)::int as n from payouts group by reference having count(*) > 1`,
    say: (r) => `Payout reference "${String(r.reference)}" used by ${String(r.n)} payouts`,
  },
  {
    // i. Only a refund with the partner responsible deducts; an open one deducts nothing yet.
    query: () => sql`select r.name, pa.name as partner, coalesce(r.responsible, 'nobody yet') as responsible,
        rp.refund_deduction_cents, to_char(r.created_at at time zone ${ZONE}, 'YYYY-MM') as month
      from refund_partners rp join refunds r on r.id = rp.refund_id join partners pa on pa.id = rp.partner_id
      where rp.refund_deduction_cents <> 0 and r.responsible is distinct from 'Partner'`,
    say: (r) =>
      `Refund ${String(r.name)}, ${String(r.partner)}, ${String(r.month)}: ${String(r.responsible)} responsible, yet ${money(r.refund_deduction_cents!)} deducted`,
  },
  {
    // i. A processed refund's deductions add up to at most what it recorded, at most its lines' on pay.
    query: () => sql`select r.name, r.on_pay_cents, r.on_pay_amount_cents,
        (select coalesce(sum(rp.refund_deduction_cents), 0) from refund_partners rp where rp.refund_id = r.id)::float8 as deducted
      from refunds r
      where r.responsible = 'Partner' and ((select coalesce(sum(rp.refund_deduction_cents), 0)
          from refund_partners rp where rp.refund_id = r.id) > coalesce(r.on_pay_cents, 0)
        or coalesce(r.on_pay_cents, 0) > r.on_pay_amount_cents)`,
    say: (r) =>
      `Refund ${String(r.name)}: deducts ${money(r.deducted!)} for a recorded ${money(r.on_pay_cents ?? 0)} of at most ${money(r.on_pay_amount_cents!)}`,
  },
  {
    // i. Only a return processed with the partner responsible writes credit notes.
    query:
      () => sql`select rt.name, pa.name as partner, coalesce(rt.responsible, 'nobody yet') as responsible, cn.amount_cents,
        cn.date::text as day
      from credit_notes cn join returns rt on rt.id = cn.return_id join partners pa on pa.id = cn.partner_id
      where rt.status <> 'processed' or rt.responsible is distinct from 'Partner'`,
    say: (r) =>
      `Return ${String(r.name)}, ${String(r.partner)}, ${String(r.day).slice(0, 7)}: ${String(r.responsible)} responsible, yet a credit note of ${money(r.amount_cents!)}`,
  },
  {
    // Nothing is negative: bills, credit notes and deductions are amounts taken or owed.
    query: () => sql`select 'bill' as what, id, amount_cents from bills where amount_cents < 0
      union all select 'credit note', id, amount_cents from credit_notes where amount_cents < 0
      union all select 'refund deduction', id, refund_deduction_cents from refund_partners where refund_deduction_cents < 0`,
    say: (r) => `${String(r.what)} ${String(r.id)} is negative: ${money(r.amount_cents!)}`,
  },
  {
    // j. A bill's statement day is not before its order was made (Johannesburg).
    query: (fixtures) => sql`select o.name, pa.name as partner, b.statement_day::text as day,
        (o.created_at at time zone ${ZONE})::date::text as created
      from bills b join orders o on o.id = b.order_id join partners pa on pa.id = b.partner_id
      where b.statement_day < (o.created_at at time zone ${ZONE})::date ${
        fixtures
          ? sql`and exists (select 1 from order_history h where h.order_id = o.id and h.created_at <= o.created_at)`
          : sql``
      }`,
    say: (r) =>
      `Order ${String(r.name)}, ${String(r.partner)}: billed on ${String(r.day)}, before the order was made on ${String(r.created)}`,
  },
  {
    // j. A payment is not made before the days of the bills and deductions it settles.
    query: () => sql`select p.id, pa.name as partner, p.paid_at::text as day, settled.latest::text as latest
      from payments p join partners pa on pa.id = p.partner_id
        join lateral (select max(d) as latest from (
          select b.statement_day as d from bills b where b.payment_id = p.id
          union all select cn.date from credit_notes cn where cn.payment_id = p.id
          union all select (r.processed_at at time zone ${ZONE})::date from refund_partners rp
            join refunds r on r.id = rp.refund_id where rp.payment_id = p.id) days) settled on true
      where settled.latest > p.paid_at`,
    say: (r) =>
      `${String(r.partner)}, ${String(r.day).slice(0, 7)}: payment ${String(r.id)} made on ${String(r.day)} settles an entry of ${String(r.latest)}`,
  },
];

/** h. and k.: the statements' own figures against the plain identities, per partner and per month. */
async function statementViolations(db: DbOrTx): Promise<string[]> {
  const out: string[] = [];
  const ledger = await rowsOf<{
    id: number;
    name: string;
    bills: number;
    deductions: number;
    payments: number;
  }>(
    db,
    sql`select p.id, p.name,
        (select coalesce(sum(amount_cents), 0) from bills where partner_id = p.id)::float8 as bills,
        ((select coalesce(sum(amount_cents), 0) from credit_notes
            where partner_id = p.id and (kind <> 'order' or order_id is not null))
          + (select coalesce(sum(refund_deduction_cents), 0) from refund_partners where partner_id = p.id))::float8
          as deductions,
        (select coalesce(sum(amount_cents), 0) from payments where partner_id = p.id)::float8 as payments
      from partners p order by p.id`,
  );
  for (const p of ledger) {
    const identity = p.bills - p.deductions - p.payments;
    const shown = currentBalanceCents(await currentBalanceSums(db, p.id));
    if (shown !== identity)
      out.push(
        `${p.name}: current balance ${money(shown)} is not all bills ${money(p.bills)} less all deductions ` +
          `${money(p.deductions)} less all payments ${money(p.payments)} (${money(identity)})`,
      );
  }
  const months = await rowsOf<{ id: number; name: string; month: string; bills: number; deductions: number }>(
    db,
    sql`select m.partner_id as id, p.name, m.month, sum(m.bills)::float8 as bills, sum(m.deductions)::float8 as deductions
      from (
        select partner_id, to_char(statement_day, 'YYYY-MM') as month, amount_cents as bills, 0 as deductions from bills
        union all select partner_id, to_char(date, 'YYYY-MM'), 0, amount_cents from credit_notes
          where kind <> 'order' or order_id is not null
        union all select rp.partner_id, to_char(r.processed_at at time zone ${ZONE}, 'YYYY-MM'), 0,
          rp.refund_deduction_cents
          from refund_partners rp join refunds r on r.id = rp.refund_id
          where rp.refund_deduction_cents > 0 and r.processed_at is not null
      ) m join partners p on p.id = m.partner_id
      group by m.partner_id, p.name, m.month order by m.partner_id, m.month`,
  );
  for (const m of months) {
    const shown = totalOnPayCents((await monthSums(db, m.id, m.month)).sums);
    if (shown !== m.bills - m.deductions)
      out.push(
        `${m.name}, ${m.month}: statement's Total on pay ${money(shown)} is not the month's bills ${money(m.bills)} ` +
          `less its deductions ${money(m.deductions)}`,
      );
  }
  return out;
}

/**
 * Every violation of the money's invariants in the database, one sentence each; empty when all hold.
 * `fixtures`: the database is an API test's, whose fixtures insert orders straight into the tables (made
 * "now" for a delivery date last week, lines already delivered, no history): for those, a bill dated before
 * the order was made and a delivered partner without a bill are the fixture's doing, not the product's, and
 * are counted only for orders the product made (a history row as old as the order) or lines it delivered.
 */
export async function checkMoneyInvariants(
  db: DbOrTx,
  { fixtures = false }: { fixtures?: boolean } = {},
): Promise<string[]> {
  const out: string[] = [];
  for (const check of checks)
    for (const row of await rowsOf<Record<string, string | number | null>>(db, check.query(fixtures)))
      out.push(check.say(row));
  out.push(...(await payViolations(db, { fixtures })));
  out.push(...(await statementViolations(db)));
  return out;
}

/** The API suite's money tests end with this (an `afterAll`): their database must hold every invariant. */
export async function expectMoneyInvariants(harness: Harness): Promise<void> {
  expect(await checkMoneyInvariants(harness.database.db, { fixtures: true })).toEqual([]);
}

/** The seeded demo holds every invariant; answers every violation found. */
export async function expectDemoMoneyInvariants(db: DbOrTx): Promise<string[]> {
  const violations = await checkMoneyInvariants(db);
  expect(violations).toEqual([]);
  return violations;
}
