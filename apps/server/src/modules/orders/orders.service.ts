import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type {
  LineAction,
  LineActionRule,
  LineStatus,
  OrderAction,
  OrderListQuery,
  OrderActionRule,
  Target,
} from '@bloomline/contract';
import {
  deriveOrderStatus,
  isUnassigned,
  LINE_ACTIONS,
  MESSAGES,
  ORDER_ACTIONS,
  orderActionTarget,
  STATUS_ID,
} from '@bloomline/contract';

import type { Db, Tx } from '../../db/client';
import { orderHistory, orderLines, orders, partners, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { SessionUser } from '../../plugins/session';
import { viewerOf } from '../../lib/viewer';
import { candidatesFor } from './candidates.queries';
import { onPaymentFor, orderDetail, orderHistoryFor } from './order-detail.queries';
import type { OrderListCaches } from './orders.list-speedups';
import { dashboardCounts, listOrders, rejectReasons } from './orders.queries';

type LineRow = typeof orderLines.$inferSelect;

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
};

const describe = (states: readonly string[]) => states.join(' or ');

export interface OrdersDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  /** The list caches this process reads through; every change here empties their totals. */
  caches?: OrderListCaches;
}

export function createOrdersService({ db, mailer, appUrl, log, caches }: OrdersDeps) {
  /** Locks the order, then its lines, always in that order so two transitions never deadlock. */
  async function lock(tx: Tx, orderId: number) {
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

  async function actorName(tx: Tx, user: SessionUser): Promise<string> {
    if (!user.isStaff && user.partnerId) {
      const [p] = await tx
        .select({ name: partners.name })
        .from(partners)
        .where(eq(partners.id, user.partnerId));
      return p?.name ?? user.name;
    }
    return user.name;
  }

  /** Moves one line, writing its history and audit rows. Returns the line as it now is. */
  async function moveLine(
    tx: Tx,
    user: SessionUser,
    actor: string,
    order: { id: number; name: string },
    line: LineRow,
    verb: string,
    to: Target,
    opts: { clearsPartner?: boolean; reason?: string; partnerId?: number; partnerName?: string } = {},
  ): Promise<LineRow> {
    const next: LineStatus =
      to === 'previous' ? ((line.statusBeforeCancel as LineStatus | null) ?? 'accepted') : to;
    const partnerId = opts.clearsPartner ? null : (opts.partnerId ?? line.partnerId);
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

  /** The order's status and unassigned flag, derived again from all its lines. */
  async function rederive(tx: Tx, orderId: number, lines: LineRow[]) {
    const typed = lines.map((l) => ({ status: l.status as LineStatus, partnerId: l.partnerId }));
    const status = deriveOrderStatus(typed);
    await tx
      .update(orders)
      .set({ status, hasUnassigned: typed.some(isUnassigned), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    return status;
  }

  const service = {
    /** An order-level action: a partner acting on all of their lines of the order (or staff cancelling). */
    orderAction: async (user: SessionUser, orderId: number, action: OrderAction, reason?: string) => {
      const rule: OrderActionRule = ORDER_ACTIONS[action];
      const role = user.isStaff ? 'staff' : 'partner';
      if (rule.role !== role)
        throw forbidden(role === 'staff' ? 'Staff act on order lines on behalf of partners.' : undefined);
      return db.transaction(async (tx) => {
        const { order, lines } = await lock(tx, orderId);
        const mine = role === 'partner' ? lines.filter((l) => l.partnerId === user.partnerId) : lines;
        if (mine.length === 0) throw notFound();
        const current =
          role === 'partner'
            ? deriveOrderStatus(mine.map((l) => ({ status: l.status as LineStatus })))
            : (order.status as LineStatus);
        const applicable = mine.filter((l) => orderActionTarget(action, l.status as LineStatus) !== null);
        if (!rule.from.includes(current) || applicable.length === 0) {
          throw conflict(`This order is ${current}; "${rule.label}" needs it to be ${describe(rule.from)}.`);
        }
        const actor = await actorName(tx, user);
        const after = new Map(lines.map((l) => [l.id, l]));
        for (const line of applicable) {
          const to = orderActionTarget(action, line.status as LineStatus)!;
          after.set(
            line.id,
            await moveLine(tx, user, actor, order, line, action, to, {
              clearsPartner: rule.clearsPartner,
              reason,
            }),
          );
        }
        const status = await rederive(tx, orderId, [...after.values()]);
        // A partner is told only about lines they can see: after un-accepting, the lines they just gave up.
        const moved = applicable.map((l) => after.get(l.id)!);
        const mineAfter = [...after.values()].filter((l) => l.partnerId === user.partnerId);
        const visible = role === 'staff' ? null : mineAfter.length > 0 ? mineAfter : moved;
        const shown = visible
          ? deriveOrderStatus(visible.map((l) => ({ status: l.status as LineStatus })))
          : status;
        return { id: orderId, status: shown };
      });
    },

    /** A line-level action: staff, on behalf of the line's partner. */
    lineAction: async (
      user: SessionUser,
      lineId: number,
      action: LineAction,
      opts: { reason?: string; partnerId?: number } = {},
    ) => {
      if (!user.isStaff) throw forbidden();
      const rule: LineActionRule = LINE_ACTIONS[action];
      const [found] = await db
        .select({ orderId: orderLines.orderId })
        .from(orderLines)
        .where(eq(orderLines.id, lineId));
      if (!found) throw notFound();
      let newPartner: { id: number; name: string } | undefined;
      if (rule.needsPartner) {
        const [p] = await db
          .select({ id: partners.id, name: partners.name, enabled: partners.enabled })
          .from(partners)
          .where(eq(partners.id, opts.partnerId ?? -1));
        if (!p || !p.enabled) throw ValidationError.field('partner_id', MESSAGES.invalidChoice);
        newPartner = p;
      }
      const result = await db.transaction(async (tx) => {
        const { order, lines } = await lock(tx, found.orderId);
        const line = lines.find((l) => l.id === lineId)!;
        const status = line.status as LineStatus;
        const partnerOk =
          rule.partner === 'any' || (rule.partner === 'required') === (line.partnerId !== null);
        if (!rule.from.includes(status) || !partnerOk) {
          const need = rule.partner === 'required' && line.partnerId === null ? ' with a partner' : '';
          throw conflict(
            `This item is ${line.partnerId === null && status === 'open' ? 'unassigned' : status}; "${rule.label}" needs it to be ${describe(rule.from)}${need}.`,
          );
        }
        // Checked under the lock: of simultaneous identical reassignments only the first changes anything.
        if (newPartner && line.partnerId === newPartner.id && status === 'open')
          throw conflict(`The line is already assigned to ${newPartner.name}.`);
        const actor = user.name;
        const moved = await moveLine(tx, user, actor, order, line, action, rule.to, {
          clearsPartner: rule.clearsPartner,
          reason: opts.reason,
          partnerId: newPartner?.id,
          partnerName: newPartner?.name,
        });
        await rederive(
          tx,
          order.id,
          lines.map((l) => (l.id === moved.id ? moved : l)),
        );
        return { order, line: moved };
      });
      if (newPartner) await notifyAssigned(newPartner.id, result.order, result.line);
      return { id: result.line.id, status: result.line.status as LineStatus };
    },

    setDeliveryDate: async (user: SessionUser, orderId: number, deliveryDate: string) => {
      if (!user.isStaff) throw forbidden();
      return db.transaction(async (tx) => {
        const { order } = await lock(tx, orderId);
        await tx.update(orders).set({ deliveryDate, updatedAt: new Date() }).where(eq(orders.id, orderId));
        const message = order.deliveryDate
          ? `${user.name} moved the delivery date from ${order.deliveryDate} to ${deliveryDate}`
          : `${user.name} set the delivery date to ${deliveryDate}`;
        await tx.insert(orderHistory).values({ orderId, userId: user.id, message });
        await audit(tx, {
          userId: user.id,
          event: 'updated',
          message: `${message} (${order.name})`,
          propertyType: 'order',
          propertyId: orderId,
          oldValues: { delivery_date: order.deliveryDate },
          newValues: { delivery_date: deliveryDate },
        });
        return { id: orderId, status: order.status as LineStatus };
      });
    },
  };

  /** A change (even one refused half-way, which rolls back) drops the cached totals and dashboard counts. */
  function thenForgetTotals<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } finally {
        caches?.totals.invalidate();
        caches?.dashboards.invalidate();
      }
    };
  }

  return {
    caches,
    // What the screens read: each a query, for this viewer.
    dashboard: (user: SessionUser) => dashboardCounts(db, viewerOf(user), { caches }),
    list: (user: SessionUser, query: OrderListQuery, path: string, onError: (err: unknown) => void) =>
      listOrders(db, viewerOf(user), query, path, { caches, onError }),
    detail: (user: SessionUser, orderId: number) => orderDetail(db, viewerOf(user), orderId),
    onPayment: (user: SessionUser, orderId: number) => onPaymentFor(db, viewerOf(user), orderId),
    history: (user: SessionUser, orderId: number) => orderHistoryFor(db, viewerOf(user), orderId),
    rejectReasons: () => rejectReasons(db),
    candidates: (lineId: number, options: { all: boolean; q?: string | undefined }) =>
      candidatesFor(db, lineId, options),
    orderAction: thenForgetTotals(service.orderAction),
    lineAction: thenForgetTotals(service.lineAction),
    setDeliveryDate: thenForgetTotals(service.setDeliveryDate),
  };

  /** Tells the partner's users (and its business address) about a line assigned to them. A failed send is logged. */
  async function notifyAssigned(
    partnerId: number,
    order: { id: number; name: string; deliveryDate: string | null },
    line: LineRow,
  ) {
    try {
      const [partner] = await db
        .select({ name: partners.name, businessEmail: partners.businessEmail })
        .from(partners)
        .where(eq(partners.id, partnerId));
      const people = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.partnerId, [partnerId]));
      const to = [
        ...new Set([
          ...people.map((p) => p.email),
          ...(partner?.businessEmail ? [partner.businessEmail] : []),
        ]),
      ];
      for (const address of to) {
        await mailer.send({
          to: address,
          subject: `New order ${order.name} for ${partner?.name ?? 'you'}`,
          text: [
            `Hello ${partner?.name ?? ''},`,
            '',
            `${line.quantity} x ${line.title} of order ${order.name} has been assigned to you${order.deliveryDate ? ` for delivery on ${order.deliveryDate}` : ''}.`,
            `Please accept or reject it: ${appUrl}/order/${String(order.id)}`,
          ].join('\n'),
        });
      }
    } catch (err) {
      log.error({ err, partnerId, orderId: order.id }, 'could not notify the partner of an assigned line');
    }
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;
