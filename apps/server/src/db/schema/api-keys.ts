import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { partners } from './partners';
import { users } from './users';

/**
 * The keys the marketplace's shop sends orders with (DECISIONS.md "Orders come in"). Only the SHA-256 of a key
 * is kept; its first characters (`prefix`) find the row, then the hashes are compared in constant time. The
 * per-key throttle counts in the row itself (a fixed window of a minute), so every instance shares it.
 * A key belongs to a shop (`shop`, issue 46: the shop's numbering of `orders.external_id`); a key made for a
 * partner (`partner_id`, a florist's till) may name only that partner as the one who placed an in-store order.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shop: text('shop').notNull(),
    partnerId: integer('partner_id').references(() => partners.id),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
    windowCalls: integer('window_calls').notNull().default(0),
  },
  (t) => [
    index('api_keys_prefix_idx')
      .on(t.prefix)
      .where(sql`${t.revokedAt} is null`),
  ],
);
