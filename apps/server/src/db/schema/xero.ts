import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * The connected accounting organisation and its OAuth tokens; at most one row (connecting again replaces it).
 * Both tokens are sealed (AES-256-GCM, lib/crypto.ts `seal`) under a key kept outside this table: a copy of
 * the table alone reads nothing. `expired`: the service refused to refresh them (Connect Xero again).
 */
export const xeroConnections = pgTable('xero_connections', {
  id: serial('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  tenantName: text('tenant_name'),
  /** Sealed. */
  accessToken: text('access_token').notNull(),
  /** Sealed; replaced by the rotated one in the refresh's own transaction. */
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  expired: boolean('expired').notNull().default(false),
  connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pending authorisation requests: the SHA-256 of the `state` sent to the identity server, the session that
 * started it (the sessions table's id) and its PKCE verifier (sealed). The callback deletes the row it uses.
 */
export const xeroOauthStates = pgTable(
  'xero_oauth_states',
  {
    state: text('state').primaryKey(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('xero_oauth_states_created_idx').on(t.createdAt)],
);
