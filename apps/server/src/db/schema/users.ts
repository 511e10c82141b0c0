import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { partners } from './partners';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    partnerId: integer('partner_id').references(() => partners.id),
    enabled: boolean('enabled').notNull().default(true),
    partnerStatements: boolean('partner_statements').notNull().default(false),
    manageXero: boolean('manage_xero').notNull().default(false),
    /** May connect the accounting service (Xero); set apart from manageXero on the user form (issue 35). */
    authenticateXero: boolean('authenticate_xero').notNull().default(false),
    /** May record payouts to partners (issue 35). */
    managePayouts: boolean('manage_payouts').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_partner_idx').on(t.partnerId),
    index('users_name_idx').on(t.name),
  ],
);

/** Server-side sessions: the cookie carries a random id, the table keeps its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_activity_idx').on(t.lastActivity)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: text('email').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins per email and address, kept in the database so every instance sees the same count. */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
