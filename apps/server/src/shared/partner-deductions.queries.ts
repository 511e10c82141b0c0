import { and, asc, eq, gt, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { creditNotes, orders, refundPartners, refunds } from '../db/schema';
import { dayAfter, startOfDay } from '../lib/date-range';

/**
 * What was taken off a partner's pay for their orders in a period, as their statement shows it (DECISIONS.md
 * "Returns and refunds", "Statements"): written by the processing of returns and refunds (modules/claims) and
 * read by the statements. `credit note`: a credit note on the order's bill (a return the partner was held
 * responsible for, or another complaint settled at their cost), dated by its `date`; `refund`: the partner's
 * share of a processed refund (`refund_partners.refund_deduction_cents`), dated by the Johannesburg day the
 * refund was processed. Amounts are positive cents (what is deducted).
 */
export interface PartnerDeduction {
  kind: 'credit note' | 'refund';
  /** The credit note's or the refund partner row's id. */
  id: number;
  order: { id: number; name: string } | null;
  /** The Johannesburg day it counts on (YYYY-MM-DD). */
  date: string;
  amountCents: number;
  description: string | null;
}

/** The period, both Johannesburg days included (a statement month: the 1st to its last day). */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Credit notes of kind `order` on the partner's bills, served by credit_notes (partner_id, date). */
export const orderCreditNotes = (db: DbOrTx, partnerId: number, range: DayRange) =>
  db
    .select({
      id: creditNotes.id,
      orderId: orders.id,
      orderName: orders.name,
      date: creditNotes.date,
      amountCents: creditNotes.amountCents,
      description: creditNotes.description,
    })
    .from(creditNotes)
    .leftJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(
      and(
        eq(creditNotes.partnerId, partnerId),
        eq(creditNotes.kind, 'order'),
        gte(creditNotes.date, range.startDate),
        lte(creditNotes.date, range.endDate),
      ),
    )
    .orderBy(asc(creditNotes.date), asc(creditNotes.id));

/**
 * The partner's shares of refunds processed in the period with something deducted, served by
 * refund_partners (partner_id) and then each refund by its key.
 */
export const refundDeductions = (db: DbOrTx, partnerId: number, range: DayRange) =>
  db
    .select({
      id: refundPartners.id,
      orderId: orders.id,
      orderName: orders.name,
      date: sql<string>`to_char(${refunds.processedAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD')`,
      amountCents: refundPartners.refundDeductionCents,
      refundName: refunds.name,
    })
    .from(refundPartners)
    .innerJoin(refunds, eq(refunds.id, refundPartners.refundId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refundPartners.partnerId, partnerId),
        gt(refundPartners.refundDeductionCents, 0),
        isNotNull(refunds.processedAt),
        gte(refunds.processedAt, startOfDay(range.startDate)),
        lt(refunds.processedAt, startOfDay(dayAfter(range.endDate))),
      ),
    )
    .orderBy(asc(refunds.processedAt), asc(refundPartners.id));

/** Both kinds in one list, by day (credit notes before refunds on the same day), then id. */
export async function partnerDeductions(
  db: DbOrTx,
  partnerId: number,
  range: DayRange,
): Promise<PartnerDeduction[]> {
  const [notes, shares] = await Promise.all([
    orderCreditNotes(db, partnerId, range),
    refundDeductions(db, partnerId, range),
  ]);
  const all: PartnerDeduction[] = [
    ...notes.map((n) => ({
      kind: 'credit note' as const,
      id: n.id,
      order: n.orderId === null || n.orderName === null ? null : { id: n.orderId, name: n.orderName },
      date: n.date,
      amountCents: n.amountCents,
      description: n.description,
    })),
    ...shares.map((s) => ({
      kind: 'refund' as const,
      id: s.id,
      order: { id: s.orderId, name: s.orderName },
      date: s.date,
      amountCents: s.amountCents,
      description: `Refund ${s.refundName}`,
    })),
  ];
  return all.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || (a.kind === b.kind ? a.id - b.id : a.kind === 'credit note' ? -1 : 1),
  );
}
