import { eq } from 'drizzle-orm';

import type {
  LineAction,
  LineActionRule,
  LineStatus,
  OrderAction,
  OrderActionRule,
} from '@bloomline/contract';
import {
  CLOSED_MONTH_TEXTS,
  deliveryDateLocked,
  deriveOrderStatus,
  LINE_ACTIONS,
  MESSAGES,
  ORDER_ACTIONS,
  orderActionTarget,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { orderHistory, orderLines, orders, partners } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import type { NotifyAssigned } from './order-notices';
import { newOrdersOf } from '../../shared/new-orders';
import type { AnnounceNewOrders } from '../../shared/new-orders';
import { actorName, lock, moveLine, rederive } from '../../shared/order-transitions';

const describe = (states: readonly string[]) => states.join(' or ');

/** An order-level action: a partner acting on all of their lines of the order (or staff cancelling). */
export async function orderAction(
  db: Db,
  user: SessionUser,
  orderId: number,
  action: OrderAction,
  reason?: string,
) {
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
    const status = await rederive(tx, orderId, [...after.values()], user.id);
    // A partner is told only about lines they can see: after un-accepting, the lines they just gave up.
    const moved = applicable.map((l) => after.get(l.id)!);
    const mineAfter = [...after.values()].filter((l) => l.partnerId === user.partnerId);
    const visible = role === 'staff' ? null : mineAfter.length > 0 ? mineAfter : moved;
    const shown = visible
      ? deriveOrderStatus(visible.map((l) => ({ status: l.status as LineStatus })))
      : status;
    return { id: orderId, status: shown };
  });
}

/** A line-level action: staff, on behalf of the line's partner. */
export async function lineAction(
  { db, notifyAssigned, announce }: { db: Db; notifyAssigned: NotifyAssigned; announce?: AnnounceNewOrders },
  user: SessionUser,
  lineId: number,
  action: LineAction,
  opts: { reason?: string; partnerId?: number } = {},
) {
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
    const partnerOk = rule.partner === 'any' || (rule.partner === 'required') === (line.partnerId !== null);
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
      user.id,
    );
    return { order, line: moved };
  });
  if (newPartner) {
    // After the commit: the alert (issue 25) is sent in the background, once for this one action.
    announce?.(newOrdersOf(result.order, [result.line]));
    await notifyAssigned(newPartner.id, result.order, result.line);
  }
  return { id: result.line.id, status: result.line.status as LineStatus };
}

export async function setDeliveryDate(db: Db, user: SessionUser, orderId: number, deliveryDate: string) {
  if (!user.isStaff) throw forbidden();
  return db.transaction(async (tx) => {
    const { order, lines } = await lock(tx, orderId);
    // A delivered or cancelled order's day is history: its bills and deductions are dated by it (issue 46).
    if (deliveryDateLocked(order, lines)) throw conflict(CLOSED_MONTH_TEXTS.deliveryDateLocked);
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
}
