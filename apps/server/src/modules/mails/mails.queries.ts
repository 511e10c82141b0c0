import { and, eq, sql } from 'drizzle-orm';

import type { MailListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { mails } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

const iso = (column: typeof mails.createdAt | typeof mails.sentAt | typeof mails.lastTriedAt) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const listColumns = {
  id: mails.id,
  kind: mails.kind,
  to: mails.to,
  subject: mails.subject,
  status: mails.status,
  attempts: mails.attempts,
  error: mails.error,
  createdAt: sql<string>`${iso(mails.createdAt)}`,
  lastTriedAt: iso(mails.lastTriedAt),
  sentAt: iso(mails.sentAt),
};

const SORTS = { created_at: mails.createdAt };

const listWhere = (request: MailListQuery) =>
  and(eq(mails.status, request.status), searchWhere(request.q, [mails.to, mails.subject]));

/** One page of mails in one status (`mails_status_idx`), newest first, with the list's size. */
export function mailPage(db: DbOrTx, request: MailListQuery, page: { limit: number; offset: number }) {
  return db
    .select({ ...listColumns, total_rows: totalRows() })
    .from(mails)
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, mails.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function mailCount(db: DbOrTx, request: MailListQuery): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mails)
    .where(listWhere(request));
  return row?.n ?? 0;
}

export async function mailById(db: DbOrTx, id: number) {
  const [row] = await db.select(listColumns).from(mails).where(eq(mails.id, id));
  return row;
}
