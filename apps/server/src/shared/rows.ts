import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../db/client';

/** How many rows of `table` match `where` (all of them without it): the count beside a page of a list. */
export async function countRows(db: DbOrTx, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

/** The first row a query answers, or null: a record read by its id. */
export async function firstOrNull<Row>(rows: Promise<Row[]>): Promise<Row | null> {
  const [row] = await rows;
  return row ?? null;
}
