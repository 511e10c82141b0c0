import { inArray } from 'drizzle-orm';

import type { LineStatus, Responsible } from '@bloomline/contract';
import { RESPONSIBLE } from '@bloomline/contract';

import type { DbOrTx, Tx } from '../../db/client';
import { orderHistory, partners } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import type { LineRow } from '../../shared/order-transitions';
import { actorName, lock, moveLine, rederive } from '../../shared/order-transitions';

/** A stored `responsible` as the wire has it: one of the three, or null (anything else was never written). */
export const asResponsible = (value: string | null): Responsible | null =>
  RESPONSIBLE.find((r) => r === value) ?? null;

/** A date as the wire has it, or null. */
export const isoOf = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Moves the order lines a return or refund covers to `to` (return 9, refund 10) with the order workflow's own
 * steps (a history and an audit row per line), then derives the order's status again; writes the order's
 * history row about the processing itself. A line already there (or, for a return, already refunded) stays.
 * Locks the order and its lines, after the return or refund row the caller has locked.
 */
export async function moveClaimedLines(
  tx: Tx,
  user: SessionUser,
  claim: { orderId: number; lineIds: ReadonlySet<number>; to: LineStatus; message: string },
) {
  const { order, lines } = await lock(tx, claim.orderId);
  const actor = await actorName(tx, user);
  const stays: readonly string[] = claim.to === 'return' ? ['return', 'refund'] : [claim.to];
  const after: LineRow[] = [];
  for (const line of lines) {
    const moves = claim.lineIds.has(line.id) && !stays.includes(line.status);
    after.push(moves ? await moveLine(tx, user, actor, order, line, claim.to, claim.to) : line);
  }
  const status = await rederive(tx, order.id, after, user.id);
  await tx.insert(orderHistory).values({
    orderId: order.id,
    orderLineId: null,
    userId: user.id,
    message: `${actor} ${claim.message}`,
    status: null,
  });
  return { order: { id: order.id, name: order.name }, lines: after, status };
}

/** What the on-pay rule needs of some partners: commission, VAT registration, name. */
export async function partnersForPay(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, PartnerForPay>();
  const rows = await tx
    .select({
      id: partners.id,
      name: partners.name,
      commission: partners.commission,
      vatNumber: partners.vatNumber,
    })
    .from(partners)
    .where(inArray(partners.id, ids));
  return new Map(
    rows.map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        commission: Number(p.commission),
        vatRegistered: (p.vatNumber ?? '') !== '',
      },
    ]),
  );
}
export interface PartnerForPay {
  id: number;
  name: string;
  commission: number;
  vatRegistered: boolean;
}
