import { asc, eq } from 'drizzle-orm';

import type { LineStatus, Target } from '@bloomline/contract';
import { deriveOrderStatus, isUnassigned, ORDER_ENTRY_MESSAGES, STATUS_ID } from '@bloomline/contract';

import type { Tx } from '../db/client';
import { orderHistory, orderLines, orders, partners } from '../db/schema';
import { audit } from '../lib/audit';
import { conflict, notFound } from '../lib/errors';
import type { SessionUser } from '../lib/session-user';
import { writeBillsAtDelivery } from './bills';

/**
 * The steps every change of an order is made of, inside the caller's transaction: the order workflow
 * (modules/orders) and the processing of returns and refunds (modules/claims) move lines with them.
 */

export type LineRow = typeof orderLines.$inferSelect;

const PAST: Record<string, string> = {
  accept: 'accepted',
  reject: 'rejected',
  'un-accept': 'un-accepted',
  unaccept: 'un-accepted',
  fulfill: 'fulfilled',
  deliver: 'delivered',
  'cancel-confirm': 'accepted the cancellation of',
  'cancel-confirmed': 'accepted the cancellation of',
  'cancel-reject': 'rejected the cancellation of',
  cancel: 'cancelled',
  'cancel-rejected': 'confirmed the cancellation of',
  assign: 'assigned',
  // Returns and refunds (modules/claims): the line moves to status return (9) or refund (10).
  return: 'processed the return of',
  refund: 'processed the refund of',
};

/** Locks the order, then its lines, always in that order so two transitions never deadlock. */
export async function lock(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .for('update');
  return { order, lines };
}

export async function actorName(tx: Tx, user: SessionUser): Promise<string> {
  if (!user.isStaff && user.partnerId) {
    const [p] = await tx
      .select({ name: partners.name })
      .from(partners)
      .where(eq(partners.id, user.partnerId));
    return p?.name ?? user.name;
  }
  return user.name;
}

/**
 * Moves one line, writing its history and audit rows. Returns the line as it now is. A line is never given to
 * the partner who placed its in-store order (issue 46: that partner is deducted the order's value).
 */
export async function moveLine(
  tx: Tx,
  user: SessionUser,
  actor: string,
  order: { id: number; name: string; placedByPartnerId?: number | null },
  line: LineRow,
  verb: string,
  to: Target,
  opts: { clearsPartner?: boolean; reason?: string; partnerId?: number; partnerName?: string } = {},
): Promise<LineRow> {
  const next: LineStatus =
    to === 'previous' ? ((line.statusBeforeCancel as LineStatus | null) ?? 'accepted') : to;
  const partnerId = opts.clearsPartner ? null : (opts.partnerId ?? line.partnerId);
  if (opts.partnerId !== undefined && opts.partnerId === order.placedByPartnerId)
    throw conflict(ORDER_ENTRY_MESSAGES.placedByDelivers);
  const now = new Date();
  const [updated] = await tx
    .update(orderLines)
    .set({
      status: next,
      partnerId,
      statusBeforeCancel: next === 'cancel-requested' ? line.status : null,
      updatedAt: now,
      // Returning to a status after a refused cancellation keeps the time it was first reached.
      ...(next === 'accepted' && to !== 'previous' ? { acceptedAt: now } : {}),
      ...(next === 'fulfilled' && to !== 'previous' ? { fulfilledAt: now } : {}),
      ...(next === 'delivered' ? { deliveredAt: now } : {}),
      ...(next === 'open' ? { acceptedAt: null, fulfilledAt: null } : {}),
    })
    .where(eq(orderLines.id, line.id))
    .returning();
  const target = opts.partnerName ? ` to ${opts.partnerName}` : '';
  const message = `${actor} ${PAST[verb] ?? verb} ${line.title}${target}`;
  await tx.insert(orderHistory).values({
    orderId: order.id,
    orderLineId: line.id,
    userId: user.id,
    message,
    status: STATUS_ID[next],
    reason: opts.reason ?? null,
  });
  await audit(tx, {
    userId: user.id,
    event: 'updated',
    message: `${message} (${order.name})`,
    propertyType: 'order line',
    propertyId: line.id,
    oldValues: { status: line.status, partner_id: line.partnerId },
    newValues: { status: next, partner_id: partnerId, ...(opts.reason ? { reason: opts.reason } : {}) },
  });
  return updated!;
}

/**
 * The order's status and unassigned flag, derived again from all its lines; then the bills the change made
 * due (shared/bills.ts): every path that delivers (the partner's order action, staff's line action, the
 * florist apps' calls, bulk actions) ends here, in its transaction, with the order locked.
 */
export async function rederive(tx: Tx, orderId: number, lines: LineRow[], userId: number | null = null) {
  const typed = lines.map((l) => ({ status: l.status as LineStatus, partnerId: l.partnerId }));
  const status = deriveOrderStatus(typed);
  await tx
    .update(orders)
    .set({ status, hasUnassigned: typed.some(isUnassigned), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await writeBillsAtDelivery(tx, orderId, lines, userId);
  return status;
}
