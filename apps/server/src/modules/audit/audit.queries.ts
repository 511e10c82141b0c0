import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';

import { AUDIT_COUNTED_UP_TO } from '@bloomline/contract';
import type { AuditListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { auditEntries, users } from '../../db/schema';
import { sqlInteger } from '../../lib/paged-list';

type Filters = Pick<AuditListQuery, 'user' | 'pT' | 'pI'>;

/** Each filter is an equality that leads one of the audit table's indexes (db/schema/audit.ts). */
export const auditWhere = (q: Filters) =>
  and(
    q.user === undefined ? undefined : eq(auditEntries.userId, q.user),
    q.pT === undefined ? undefined : eq(auditEntries.propertyType, q.pT),
    q.pI === undefined ? undefined : eq(auditEntries.propertyId, q.pI),
  );

const NEWEST_FIRST = [desc(auditEntries.createdAt), desc(auditEntries.id)];

/** The matching entries, at most AUDIT_COUNTED_UP_TO of them: what is counted exactly. */
const upToCap = (db: DbOrTx, q: Filters) =>
  db
    .select({ one: sql`1` })
    .from(auditEntries)
    .where(auditWhere(q))
    .limit(sqlInteger(AUDIT_COUNTED_UP_TO))
    .as('counted');

const entryColumns = {
  id: auditEntries.id,
  createdAt: auditEntries.createdAt,
  event: auditEntries.event,
  message: auditEntries.message,
  userId: auditEntries.userId,
  userName: users.name,
  propertyType: auditEntries.propertyType,
  propertyId: auditEntries.propertyId,
  oldValues: auditEntries.oldValues,
  newValues: auditEntries.newValues,
};

/** How many entries match, counted up to AUDIT_COUNTED_UP_TO, as a column of the page. */
const countedUpToCap = (db: DbOrTx, q: Filters) =>
  sql<number>`(select count(*)::int from ${upToCap(db, q)})`.as('total_rows');

/**
 * One page, newest first, in one statement: the page's ids are read from the filter's index alone (the offset
 * skips index entries, not rows), then only those rows with their user's name. `counted` adds how many entries
 * match, counted up to AUDIT_COUNTED_UP_TO, to every row.
 */
function page<Extra extends SelectedFields>(
  db: DbOrTx,
  q: Filters,
  { limit, offset }: { limit: number; offset: number },
  extra: Extra,
) {
  const pageIds = db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(auditWhere(q))
    .orderBy(...NEWEST_FIRST)
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));
  return db
    .select({ ...entryColumns, ...extra })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.userId))
    .where(inArray(auditEntries.id, pageIds))
    .orderBy(...NEWEST_FIRST);
}

/** A page of a list expected to be short enough to count: its rows carry the count. */
export const auditPageCounted = (db: DbOrTx, q: Filters, p: { limit: number; offset: number }) =>
  page(db, q, p, { total_rows: countedUpToCap(db, q) });

/** A page of a list too long to count on every request. */
export const auditPage = (db: DbOrTx, q: Filters, p: { limit: number; offset: number }) => page(db, q, p, {});

/** How many entries match, counted up to AUDIT_COUNTED_UP_TO (for a page past the end, which has no rows). */
export async function auditCountUpToCap(db: DbOrTx, q: Filters): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(upToCap(db, q));
  return row?.n ?? 0;
}

/** The statement whose size the planner estimates, to choose between counting and estimating. */
export const allMatching = (db: DbOrTx, q: Filters) =>
  db.select({ id: auditEntries.id }).from(auditEntries).where(auditWhere(q));
