import { count, eq, sql } from 'drizzle-orm';

import type { CompanyRef, CustomerListQuery, PartnerRef } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  companies,
  customerCompanies,
  customers,
  customerSearchText,
  orders,
  partners,
} from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';

/** A customer's companies by name, as one JSON array (one statement per page, no query per row). */
const companiesJson = sql<CompanyRef[]>`coalesce((
  select json_agg(json_build_object('id', co.id, 'name', co.name) order by co.name, co.id)
  from ${customerCompanies} cc join ${companies} co on co.id = cc.company_id
  where cc.customer_id = ${customers.id}
), '[]'::json)`;

const listColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  companies: companiesJson,
  partner: sql<PartnerRef | null>`case when ${partners.id} is null then null
    else json_build_object('id', ${partners.id}, 'name', ${partners.name}) end`,
};

const SORTS = {
  name: sql`lower(${customers.name})`,
  email: sql`lower(${customers.email})`,
  created_at: customers.createdAt,
};

// The one expression the trigram index `customers_search_trgm_idx` is built on.
const listWhere = (request: CustomerListQuery) => searchWhere(request.q, [customerSearchText(customers)]);

/** One page of customers with their companies and partner, and the list's size, in one statement. */
export function customerPage(
  db: DbOrTx,
  request: CustomerListQuery,
  page: { limit: number; offset: number },
) {
  return db
    .select({ ...listColumns, total_rows: totalRows() })
    .from(customers)
    .leftJoin(partners, eq(partners.id, customers.partnerId))
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, customers.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function customerCount(db: DbOrTx, request: CustomerListQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(listWhere(request));
  return row?.n ?? 0;
}

/** One customer as the list shows it. */
export async function customerById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .leftJoin(partners, eq(partners.id, customers.partnerId))
    .where(eq(customers.id, id));
  return row ?? null;
}

/** The stored customer, locked for a change that reads it to decide. */
export async function lockedCustomer(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row ?? null;
}

/** A partner by id, held against deletion until the change that names it commits. */
export async function partnerRefById(db: DbOrTx, id: number): Promise<PartnerRef | null> {
  const [row] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(eq(partners.id, id))
    .for('share');
  return row ?? null;
}

/** The ids of a customer's companies, for the audit record of a deleted customer. */
export async function companyIdsOf(db: DbOrTx, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: customerCompanies.companyId })
    .from(customerCompanies)
    .where(eq(customerCompanies.customerId, customerId))
    .orderBy(customerCompanies.companyId);
  return rows.map((r) => r.id);
}

/**
 * Before a customer is deleted: their orders keep the buyer's name in their own column (the foreign key
 * then clears the link). Answers how many orders were kept.
 */
export async function keepBuyerNameOnOrders(db: DbOrTx, customerId: number, name: string): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ customerName: sql`coalesce(${orders.customerName}, ${name})` })
    .where(eq(orders.customerId, customerId))
    .returning({ id: orders.id });
  return rows.length;
}
