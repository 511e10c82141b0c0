import { sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { partners } from './partners';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    inStore: boolean('in_store').notNull().default(false),
    avbob: boolean('avbob').notNull().default(false),
    b2b: boolean('b2b').notNull().default(false),
    xeroContactId: text('xero_contact_id'),
    xeroContactName: text('xero_contact_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_idx').on(sql`lower(${t.name})`),
    // The list's "contains" search (`lower(name) like '%…%'`), which a b-tree cannot serve.
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * What the customers list searches: name, email and phone as one text. The list's query and the trigram
 * index below use this one expression, so the planner can match them.
 */
export const customerSearchText = (t: { name: AnyColumn; email: AnyColumn; phone: AnyColumn }) =>
  sql`(${t.name} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.phone}, ''))`;

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_name_idx').on(sql`lower(${t.name})`),
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_partner_idx').on(t.partnerId),
    index('customers_search_trgm_idx').using('gin', sql`lower(${customerSearchText(t)}) gin_trgm_ops`),
  ],
);

export const customerCompanies = pgTable(
  'customer_companies',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.companyId] }),
    index('customer_companies_company_idx').on(t.companyId),
  ],
);
