import { count, eq, sql } from 'drizzle-orm';

import type { CompanyListQuery, XeroContact } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

const listColumns = {
  id: companies.id,
  name: companies.name,
  inStore: companies.inStore,
  avbob: companies.avbob,
  b2b: companies.b2b,
  xeroContact: sql<XeroContact | null>`case when ${companies.xeroContactId} is null then null
    else json_build_object('ContactID', ${companies.xeroContactId}, 'Name', coalesce(${companies.xeroContactName}, '')) end`,
};

const SORTS = { name: sql`lower(${companies.name})`, created_at: companies.createdAt };

// `lower(name) like …`: served by the trigram index `companies_name_trgm_idx`.
const listWhere = (request: CompanyListQuery) => searchWhere(request.q, [companies.name]);

/** One page of companies, and the list's size, in one statement. */
export function companyPage(db: DbOrTx, request: CompanyListQuery, page: { limit: number; offset: number }) {
  return db
    .select({ ...listColumns, total_rows: totalRows() })
    .from(companies)
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, companies.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function companyCount(db: DbOrTx, request: CompanyListQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).where(listWhere(request));
  return row?.n ?? 0;
}

export async function companyById(db: DbOrTx, id: number) {
  const [row] = await db.select(listColumns).from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** The stored company, locked for a change that reads it to decide. */
export async function lockedCompany(db: DbOrTx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}
