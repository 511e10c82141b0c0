import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';

import { AUDIT_COUNTED_UP_TO } from '@bloomline/contract';
import type { AuditListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { auditEntries, users } from '../../db/schema';
import { builtOnce } from '../../db/statement';
import type { Bind } from '../../db/statement';
import { sqlInteger } from '../../lib/paged-list';

type Filters = Pick<AuditListQuery, 'user' | 'pT' | 'pI'>;
/** The filters' values, or their placeholders in a statement built once per shape (which filters are given). */
type Bound = { [K in keyof Filters]: Bind<NonNullable<Filters[K]>> | undefined };

const placeholdersOf = (q: Filters): Bound => ({
  user: q.user === undefined ? undefined : sql.placeholder('user'),
  pT: q.pT === undefined ? undefined : sql.placeholder('pT'),
  pI: q.pI === undefined ? undefined : sql.placeholder('pI'),
});
const bindingsOf = (q: Filters) => ({ user: q.user, pT: q.pT, pI: q.pI });
const shapeOf = (q: Filters) => [q.user !== undefined, q.pT !== undefined, q.pI !== undefined];

/** Each filter is an equality that leads one of the audit table's indexes (db/schema/audit.ts). */
export const auditWhere = (q: Bound) =>
  and(
    q.user === undefined ? undefined : eq(auditEntries.userId, q.user),
    q.pT === undefined ? undefined : eq(auditEntries.propertyType, q.pT),
    q.pI === undefined ? undefined : eq(auditEntries.propertyId, q.pI),
  );

const NEWEST_FIRST = [desc(auditEntries.createdAt), desc(auditEntries.id)];

/** The matching entries, at most AUDIT_COUNTED_UP_TO of them: what is counted exactly. */
const upToCap = (db: DbOrTx, q: Bound) =>
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
const countedUpToCap = (db: DbOrTx, q: Bound) =>
  sql<number>`(select count(*)::int from ${upToCap(db, q)})`.as('total_rows');

/**
 * One page, newest first, in one statement: the page's ids are read from the filter's index alone (the offset
 * skips index entries, not rows), then only those rows with their user's name. `counted` adds how many entries
 * match, counted up to AUDIT_COUNTED_UP_TO, to every row.
 */
function page<Extra extends SelectedFields>(
  db: DbOrTx,
  q: Bound,
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

type Page = { limit: number; offset: number };

/**
 * A page of a list expected to be short enough to count: its rows carry the count. Each statement below is built
 * once per shape (which filters, the page's size and offset) and run with the filters' values (issue 39).
 */
export const auditPageCounted = (db: DbOrTx, q: Filters, p: Page) =>
  builtOnce(db, JSON.stringify(['audit-counted', ...shapeOf(q), p.limit, p.offset]), () => {
    const bound = placeholdersOf(q);
    return page(db, bound, p, { total_rows: countedUpToCap(db, bound) }).prepare('');
  }).execute(bindingsOf(q));

/** A page of a list too long to count on every request. */
export const auditPage = (db: DbOrTx, q: Filters, p: Page) =>
  builtOnce(db, JSON.stringify(['audit-page', ...shapeOf(q), p.limit, p.offset]), () =>
    page(db, placeholdersOf(q), p, {}).prepare(''),
  ).execute(bindingsOf(q));

/** How many entries match, counted up to AUDIT_COUNTED_UP_TO (for a page past the end, which has no rows). */
export async function auditCountUpToCap(db: DbOrTx, q: Filters): Promise<number> {
  const [row] = await builtOnce(db, JSON.stringify(['audit-count', ...shapeOf(q)]), () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(upToCap(db, placeholdersOf(q)))
      .prepare(''),
  ).execute(bindingsOf(q));
  return row?.n ?? 0;
}

/** The statement whose size the planner estimates, to choose between counting and estimating. */
export const allMatching = (db: DbOrTx, q: Bound) =>
  db.select({ id: auditEntries.id }).from(auditEntries).where(auditWhere(q));
