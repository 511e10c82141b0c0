import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './users';

/** The connected accounting organisation and its OAuth tokens (the newest row is the live one). */
export const xeroConnections = pgTable('xero_connections', {
  id: serial('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  tenantName: text('tenant_name'),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pending authorisation requests: the `state` sent to the identity server, checked on the callback. */
export const xeroOauthStates = pgTable(
  'xero_oauth_states',
  {
    state: text('state').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('xero_oauth_states_created_idx').on(t.createdAt)],
);
