import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { ReturnListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { creditNotes, orderLines, orders, partners, returnLines, returns, users } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger } from '../../lib/paged-list';
import { countRows, firstOrNull } from '../../shared/rows';

const SORTS = { created_at: returns.createdAt, name: returns.name };

/**
 * The order's name, read for the rows a page shows (a scalar subquery, not a join): the page's total counts the
 * returns alone, where a join would probe the orders' index once for every return there is.
 */
// Written out: in a statement without joins Drizzle renders a column unqualified, which a subquery's own
// columns would capture (return_lines.id for `id`).
const orderName = sql<string>`(select o.name from ${orders} o where o.id = returns.order_id)`;

const search = (q: ReturnListQuery) =>
  and(
    searchWhere(q.q, [returns.name, orderName]),
    q.status === undefined ? undefined : eq(returns.status, q.status),
  );

/** A list item's columns: the return, its order and how many lines it has. */
const itemColumns = {
  id: returns.id,
  name: returns.name,
  orderId: returns.orderId,
  orderName,
  status: returns.status,
  responsible: returns.responsible,
  lineCount: sql<number>`(select count(*)::int from ${returnLines} rl where rl.return_id = returns.id)`,
  createdAt: returns.createdAt,
};

/** One page of returns (newest first unless `s`/`d` say otherwise), `q` over the return's and order's name. */
export const returnPage = (
  db: DbOrTx,
  q: ReturnListQuery,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select(itemColumns)
    .from(returns)
    .where(search(q))
    .orderBy(...sortBy(SORTS, q.s, q.d, returns.id))
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));

/** How many returns match (counted apart from the page: see `countedPageOf`). */
export async function returnCount(db: DbOrTx, q: ReturnListQuery): Promise<number> {
  return countRows(db, returns, search(q));
}

/** One return with its order and who processed it, or null. */
export async function returnById(db: DbOrTx, id: number) {
  return firstOrNull(
    db
      .select({
        ...itemColumns,
        processedByName: users.name,
        processedAt: returns.processedAt,
      })
      .from(returns)
      .leftJoin(users, eq(users.id, returns.processedBy))
      .where(eq(returns.id, id)),
  );
}

/** A return's lines with their order line and its partner (none when unassigned or the partner is gone). */
export const linesOfReturn = (db: DbOrTx, returnId: number) =>
  db
    .select({
      id: returnLines.id,
      quantity: returnLines.quantity,
      reason: returnLines.reason,
      reasonNote: returnLines.reasonNote,
      orderLineId: orderLines.id,
      title: orderLines.title,
      valueCents: orderLines.valueCents,
      lineQuantity: orderLines.quantity,
      partnerId: partners.id,
      partnerName: partners.name,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));

/** The return's row, locked for its processing: two staff at once queue here and the second sees it processed. */
export async function lockReturn(db: DbOrTx, id: number) {
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).for('update');
  return row ?? null;
}

/** The credit notes a processed return wrote, per partner (cents). */
export const creditNotesOfReturn = (db: DbOrTx, returnId: number) =>
  db
    .select({ partnerId: creditNotes.partnerId, cents: creditNotes.amountCents })
    .from(creditNotes)
    .where(eq(creditNotes.returnId, returnId))
    .orderBy(asc(creditNotes.id));

/** How much of each order line earlier returns already took back. */
export async function returnedQuantities(db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderLineId: returnLines.orderLineId,
      quantity: sql<number>`sum(${returnLines.quantity})::int`,
    })
    .from(returnLines)
    .where(inArray(returnLines.orderLineId, lineIds))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, r.quantity]));
}

/** How many returns the order has (the next one's number). */
export async function returnsOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  return countRows(db, returns, eq(returns.orderId, orderId));
}

/** Writes each returned line's part of its credit note (cents). */
export async function setLineCredits(tx: DbOrTx, parts: readonly { id: number; cents: number }[]) {
  for (const { id, cents } of parts)
    if (cents > 0) await tx.update(returnLines).set({ creditCents: cents }).where(eq(returnLines.id, id));
}
