import { eq, inArray, sql } from 'drizzle-orm';

import type { LineStatus } from '@bloomline/contract';
import { todayInJohannesburg } from '@bloomline/contract';

import type { Tx } from '../db/client';
import { bills, creditNotes, orders, partners } from '../db/schema';
import { audit } from '../lib/audit';
import type { OnPayLine, OnPayOrder } from './order-onpay';
import { orderOnPay } from './order-onpay';

/**
 * The bill at delivery (DECISIONS.md "The money cycle on real orders"): a partner's bill for an order is written
 * when the last of that partner's lines on it becomes delivered, in the same transaction, for the partner's on
 * pay (the one function, `orderOnPay`), its statement day the Johannesburg day of that delivery (issue 46: the
 * day it was delivered, not the scheduled date, so an order delivered early is payable that day). One bill
 * per order and partner (a unique key, and the order is locked by every transition), never changed afterwards:
 * later corrections are credit notes. The seed writes its demo bills with `billsOf` too.
 */

/** A line's statuses that were delivered: delivered, and returned or refunded after delivery. */
export const BILLED_STATUSES: ReadonlySet<LineStatus> = new Set<LineStatus>([
  'delivered',
  'return',
  'refund',
]);
/** A line that earns nothing: it was never done (rejected, cancelled). */
const UNPAID_STATUSES: ReadonlySet<LineStatus> = new Set<LineStatus>(['rejected', 'cancel-confirmed']);

export interface BillableLine {
  partnerId: number | null;
  status: string;
}

/** The partners whose every line on the order that earns is delivered (or returned or refunded since). */
export function partnersDelivered(lines: readonly BillableLine[]): number[] {
  const state = new Map<number, boolean>();
  for (const l of lines) {
    if (l.partnerId === null || UNPAID_STATUSES.has(l.status as LineStatus)) continue;
    const done = BILLED_STATUSES.has(l.status as LineStatus);
    state.set(l.partnerId, (state.get(l.partnerId) ?? true) && done);
  }
  return [...state].filter(([, done]) => done).map(([id]) => id);
}

/** Whether the whole order was delivered: every line that earns is, and there is at least one. */
export function orderDelivered(lines: readonly BillableLine[]): boolean {
  const earning = lines.filter((l) => !UNPAID_STATUSES.has(l.status as LineStatus));
  return earning.length > 0 && earning.every((l) => BILLED_STATUSES.has(l.status as LineStatus));
}

/**
 * The bills an order's lines call for, by the on-pay rule: one per partner whose lines are all delivered,
 * for that partner's on pay incl. delivery. `lines` are all the order's lines (the deliverer is found among
 * them). Pure: the delivery transition and the seed both use it.
 */
export function billsOf(
  order: OnPayOrder,
  lines: readonly (OnPayLine & BillableLine)[],
): { partnerId: number; amountCents: number }[] {
  const delivered = new Set(partnersDelivered(lines));
  return orderOnPay(order, lines)
    .filter((p) => delivered.has(p.partnerId))
    .map((p) => ({ partnerId: p.partnerId, amountCents: p.result.includingDeliveryCents }));
}

type LineForBill = BillableLine &
  Pick<OnPayLine, 'payCommission' | 'payVatRate' | 'payVatRegistered'> & {
    valueCents: number;
    quantity: number;
    partnerDelivers: boolean;
  };

/**
 * Inside a transition's transaction, after its lines moved (the order is locked): writes the bills now due
 * and, once the whole order is delivered, the in-store deduction of the partner who placed it (a relay
 * order: the placing partner took the customer's money, so its value is deducted, dated the day delivered).
 * Cheap when nothing is due: one look at the lines, one at the order's bills.
 */
export async function writeBillsAtDelivery(
  tx: Tx,
  orderId: number,
  lines: readonly LineForBill[],
  userId: number | null,
): Promise<void> {
  const due = partnersDelivered(lines);
  if (due.length === 0) return;
  const existing = new Set(
    (await tx.select({ partnerId: bills.partnerId }).from(bills).where(eq(bills.orderId, orderId))).map(
      (b) => b.partnerId,
    ),
  );
  const [order] = await tx
    .select({
      id: orders.id,
      name: orders.name,
      isCollection: orders.isCollection,
      deliveryFeeCents: orders.deliveryFeeCents,
      totalValueCents: orders.totalValueCents,
      placedByPartnerId: orders.placedByPartnerId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  // The day it was delivered (Johannesburg): today's month is never closed (shared/closed-months.ts).
  const deliveredOn = todayInJohannesburg();
  const missing = due.filter((id) => !existing.has(id));
  if (missing.length > 0) {
    const ids = [...new Set(lines.flatMap((l) => (l.partnerId === null ? [] : [l.partnerId])))];
    const people = await tx
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .where(inArray(partners.id, ids));
    const byId = new Map(people.map((p) => [p.id, p]));
    // The lines' own pay terms, kept since each was assigned (issue 46), never the partner's of today.
    const onPayLines = lines.map((l) => ({
      ...l,
      partnerName: l.partnerId === null ? null : (byId.get(l.partnerId)?.name ?? null),
    }));
    const wanted = billsOf(
      {
        isCollection: order.isCollection,
        deliveryFeeCents: order.deliveryFeeCents,
        delivererId: lines.find((l) => l.partnerDelivers)?.partnerId ?? null,
      },
      onPayLines,
    ).filter((b) => missing.includes(b.partnerId));
    for (const bill of wanted) {
      const [row] = await tx
        .insert(bills)
        .values({
          orderId,
          partnerId: bill.partnerId,
          amountCents: bill.amountCents,
          statementDay: deliveredOn,
        })
        .onConflictDoNothing()
        .returning({ id: bills.id });
      if (!row) continue;
      await audit(tx, {
        userId,
        event: 'created',
        message: `Bill of ${byId.get(bill.partnerId)?.name ?? 'a partner'} for order ${order.name} written at delivery`,
        propertyType: 'bill',
        propertyId: row.id,
        newValues: {
          order_id: orderId,
          partner_id: bill.partnerId,
          amount_cents: bill.amountCents,
          statement_day: deliveredOn,
        },
      });
    }
  }
  if (order.placedByPartnerId !== null && orderDelivered(lines)) {
    const [note] = await tx
      .insert(creditNotes)
      .values({
        partnerId: order.placedByPartnerId,
        orderId,
        kind: 'instore',
        amountCents: order.totalValueCents,
        date: deliveredOn,
        description: `In-store order ${order.name}`,
        createdBy: userId,
      })
      .onConflictDoNothing({
        target: creditNotes.orderId,
        where: sql`${creditNotes.kind} = 'instore'`,
      })
      .returning({ id: creditNotes.id });
    if (note)
      await audit(tx, {
        userId,
        event: 'created',
        message: `In-store deduction for order ${order.name} written at delivery`,
        propertyType: 'credit note',
        propertyId: note.id,
        newValues: {
          kind: 'instore',
          order_id: orderId,
          partner_id: order.placedByPartnerId,
          amount_cents: order.totalValueCents,
        },
      });
  }
}
