import { sql } from 'drizzle-orm';
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
  (t) => [index('companies_name_idx').on(sql`lower(${t.name})`)],
);

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
