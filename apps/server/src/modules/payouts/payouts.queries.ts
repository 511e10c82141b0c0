import { asc, desc, eq, sql } from 'drizzle-orm';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';
import { creditNotes, partners, payments, payouts, users } from '../../db/schema';
import { sqlInteger } from '../../lib/paged-list';
import { countRows, firstOrNull } from '../../shared/rows';

/** A payout run's own columns and who recorded it (joined from `users` on `createdBy`). */
const runColumns = {
  id: payouts.id,
  upTo: payouts.upTo,
  paidAt: payouts.paidAt,
  reference: payouts.reference,
  createdAt: payouts.createdAt,
  createdByName: users.name,
};

/** The payouts' history, newest first, with what each paid in all and to how many partners. */
export const payoutRunPage = (db: DbOrTx, { limit, offset }: { limit: number; offset: number }) =>
  db
    .select({
      ...runColumns,
      totalCents: sql<number>`(select coalesce(sum(pm.amount_cents), 0)::float8 from ${payments} pm where pm.payout_id = payouts.id)`,
      partnerCount: sql<number>`(select count(*)::int from ${payments} pm where pm.payout_id = payouts.id)`,
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.createdBy))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));

export async function payoutRunCount(db: DbOrTx): Promise<number> {
  return countRows(db, payouts);
}

export async function payoutById(db: DbOrTx, id: number) {
  return firstOrNull(
    db
      .select(runColumns)
      .from(payouts)
      .leftJoin(users, eq(users.id, payouts.createdBy))
      .where(eq(payouts.id, id)),
  );
}

/**
 * A payout's payments with the partner's name and the bank details each was paid to: the payment's own copy,
 * never the partner's details as they are now (issue 46).
 */
export const paymentsOfPayout = (db: DbOrTx, payoutId: number) =>
  db
    .select({
      id: payments.id,
      partnerId: payments.partnerId,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
      reference: payments.reference,
      name: partners.name,
      businessEmail: partners.businessEmail,
      bankName: payments.bankName,
      branchCode: payments.branchCode,
      accountName: payments.accountName,
      accountNumber: payments.accountNumber,
      accountType: payments.accountType,
    })
    .from(payments)
    .innerJoin(partners, eq(partners.id, payments.partnerId))
    .where(eq(payments.payoutId, payoutId))
    .orderBy(asc(partners.name), asc(payments.id));

/** What one payment paid and settled: its bills (by order) and its deductions, for the remittance e-mail. */
export async function remittanceOf(db: DbOrTx, paymentId: number) {
  const billRows = await rowsOf<{ order_name: string; cents: number; day: string }>(
    db,
    sql`select o.name as order_name, b.amount_cents as cents, b.statement_day::text as day from bills b
      join orders o on o.id = b.order_id where b.payment_id = ${paymentId} order by b.statement_day, o.name`,
  );
  const deductionRows = await rowsOf<{ label: string; cents: number; day: string }>(
    db,
    sql`select case cn.kind when 'wholesale' then 'Wholesale: ' || coalesce(cn.description, '')
          when 'instore' then 'In-store order ' || coalesce(o.name, '')
          else 'Credit note on ' || coalesce(o.name, '') || coalesce(': ' || cn.description, '') end as label,
        cn.amount_cents as cents, cn.date::text as day
      from credit_notes cn left join orders o on o.id = cn.order_id where cn.payment_id = ${paymentId}
      union all
      select 'Refund ' || r.name, rp.refund_deduction_cents,
        (r.processed_at at time zone 'Africa/Johannesburg')::date::text
      from refund_partners rp join refunds r on r.id = rp.refund_id where rp.payment_id = ${paymentId}
      order by day, label`,
  );
  return { bills: billRows, deductions: deductionRows };
}

/** A partner's wholesale purchases, newest first. */
export const wholesalePage = (
  db: DbOrTx,
  partnerId: number,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select({
      id: creditNotes.id,
      date: creditNotes.date,
      description: creditNotes.description,
      amountCents: creditNotes.amountCents,
      paymentId: creditNotes.paymentId,
      createdAt: creditNotes.createdAt,
    })
    .from(creditNotes)
    .where(sql`${creditNotes.partnerId} = ${partnerId} and ${creditNotes.kind} = 'wholesale'`)
    .orderBy(desc(creditNotes.date), desc(creditNotes.id))
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));

export async function wholesaleCount(db: DbOrTx, partnerId: number): Promise<number> {
  return countRows(
    db,
    creditNotes,
    sql`${creditNotes.partnerId} = ${partnerId} and ${creditNotes.kind} = 'wholesale'`,
  );
}

export async function partnerExists(db: DbOrTx, id: number) {
  return firstOrNull(
    db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, id)),
  );
}
