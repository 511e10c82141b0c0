import { eq } from 'drizzle-orm';

import type { BulkAction, BulkActionBody, BulkResult } from '@bloomline/contract';
import {
  BULK_NOT_FOUND,
  LINE_ACTIONS,
  MESSAGES,
  PARTNER_BULK_ACTIONS,
  STAFF_BULK_ACTIONS,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { conflict, forbidden, HttpError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import type { AnnounceNewOrders, NewOrderForPartner } from '../../shared/new-orders';
import { newOrdersOf } from '../../shared/new-orders';
import { lock, moveLine, rederive } from '../../shared/order-transitions';
import type { LineRow } from '../../shared/order-transitions';
import { orderAction } from './order-actions';
import type { NotifyAssignedMany } from './order-notices';

/**
 * Many orders at once (issue 40): each order in its own transaction, through the same transitions as one
 * order's buttons (`orderAction` for a partner and for staff's cancel; `moveLine`/`rederive` under the order's
 * lock for staff acting on the partners' behalf, as `lineAction` does a line at a time), so every status check,
 * history row, audit row and whatever a transition writes (a partner's bill at delivery) is the same.
 */

export interface BulkDeps {
  db: Db;
  notifyAssignedMany: NotifyAssignedMany;
  announce?: AnnounceNewOrders | undefined;
}

type OnBehalf = Exclude<BulkAction, 'cancel'>;

/** Whether a line is one the staff action moves: assign takes the open unassigned lines. */
function moves(action: OnBehalf, line: LineRow): boolean {
  if (action === 'assign') return line.status === 'open' && line.partnerId === null;
  return (LINE_ACTIONS[action].from as readonly string[]).includes(line.status) && line.partnerId !== null;
}

const NEEDS: Record<OnBehalf, string> = {
  accept: 'an item that is open with a partner',
  fulfill: 'an item that is accepted with a partner',
  deliver: 'an item that is fulfilled with a partner',
  assign: 'an item that is open without a partner',
};

/**
 * Staff's line action on every line of one order it applies to, in one transaction under the order's lock;
 * a 409 naming the order's state and what the action needs when no line qualifies.
 */
async function onBehalf(
  db: Db,
  user: SessionUser,
  orderId: number,
  action: OnBehalf,
  partner?: { id: number; name: string },
) {
  return db.transaction(async (tx) => {
    const { order, lines } = await lock(tx, orderId);
    const applicable = lines.filter((l) => moves(action, l));
    if (applicable.length === 0) {
      const state = order.hasUnassigned && order.status === 'open' ? 'unassigned' : order.status;
      throw conflict(`This order is ${state}; "${LINE_ACTIONS[action].label}" needs ${NEEDS[action]}.`);
    }
    const rule = LINE_ACTIONS[action];
    const after = new Map(lines.map((l) => [l.id, l]));
    for (const line of applicable) {
      after.set(
        line.id,
        await moveLine(tx, user, user.name, order, line, action, rule.to, {
          partnerId: partner?.id,
          partnerName: partner?.name,
        }),
      );
    }
    await rederive(tx, orderId, [...after.values()], user.id);
    return { order, moved: applicable.map((l) => after.get(l.id)!) };
  });
}

/** The enabled partner an assign gives the lines to, or a 422 on `partnerId`. */
async function assignee(db: Db, partnerId: number | undefined) {
  const [p] = await db
    .select({ id: partners.id, name: partners.name, enabled: partners.enabled })
    .from(partners)
    .where(eq(partners.id, partnerId ?? -1));
  if (!p || !p.enabled) throw ValidationError.field('partnerId', MESSAGES.invalidChoice);
  return p;
}

/** `POST /api/orders/bulk`: the action on each order in turn, each answered done or refused with the reason. */
export async function bulkAction(
  { db, notifyAssignedMany, announce }: BulkDeps,
  user: SessionUser,
  body: BulkActionBody,
): Promise<BulkResult> {
  const allowed = user.isStaff ? STAFF_BULK_ACTIONS : PARTNER_BULK_ACTIONS;
  if (!allowed.includes(body.action)) throw forbidden();
  const action = body.action;
  const partner = action === 'assign' ? await assignee(db, body.partnerId) : undefined;
  const result: BulkResult = { done: [], refused: [] };
  const given: Parameters<NotifyAssignedMany>[1] = [];
  const news: NewOrderForPartner[] = [];
  try {
    // Each id once, in the order sent; one order at a time, so two bulk calls never wait on each other's locks.
    for (const id of new Set(body.ids)) {
      try {
        if (user.isStaff && action !== 'cancel') {
          const { order, moved } = await onBehalf(db, user, id, action, partner);
          if (partner) {
            news.push(...newOrdersOf(order, moved));
            given.push(...moved.map((line) => ({ order, line })));
          }
        } else if (action !== 'assign') {
          await orderAction(db, user, id, action);
        }
        result.done.push(id);
      } catch (err) {
        // Refusals of one order (not there or not theirs, or not in a state for it); anything else stops the call.
        if (!(err instanceof HttpError) || (err.statusCode !== 404 && err.statusCode !== 409)) throw err;
        result.refused.push({ id, message: err.statusCode === 404 ? BULK_NOT_FOUND : err.message });
      }
    }
  } finally {
    // After the commits, whatever happened to the rest: the partner hears of the lines given once, together.
    if (partner && given.length > 0) {
      announce?.(news);
      await notifyAssignedMany(partner.id, given);
    }
  }
  return result;
}
