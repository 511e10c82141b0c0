import { asc, eq, sql } from 'drizzle-orm';

import type { ReturnListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orderLines, orders, partners, returnLines, returns, users } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

const SORTS = { created_at: returns.createdAt, name: returns.name };

const search = (q: ReturnListQuery) => searchWhere(q.q, [returns.name, orders.name]);

/** A list item's columns: the return, its order and how many lines it has. */
const itemColumns = {
  id: returns.id,
  name: returns.name,
  orderId: orders.id,
  orderName: orders.name,
  status: returns.status,
  responsible: returns.responsible,
  lineCount: sql<number>`(select count(*)::int from ${returnLines} where ${returnLines.returnId} = ${returns.id})`,
};

/** One page of returns (newest first unless `s`/`d` say otherwise), `q` over the return's and order's name. */
export const returnPage = (
  db: DbOrTx,
  q: ReturnListQuery,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select({ ...itemColumns, total_rows: totalRows() })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(search(q))
    .orderBy(...sortBy(SORTS, q.s, q.d, returns.id))
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));

/** How many returns match (for a page past the end, which has no row to carry the total). */
export async function returnCount(db: DbOrTx, q: ReturnListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(search(q));
  return row?.n ?? 0;
}

/** One return with its order and who processed it, or null. */
export async function returnById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      processedByName: users.name,
      processedAt: returns.processedAt,
      createdAt: returns.createdAt,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(eq(returns.id, id));
  return row ?? null;
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
