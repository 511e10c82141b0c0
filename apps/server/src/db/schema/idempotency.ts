import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * The answers of money-creating calls made with an `Idempotency-Key` (issue 46, `lib/idempotency.ts`): one row
 * per user and key, written in the transaction of the records the call made, so a retry finds the answer even
 * when the first one was lost after the commit. A row older than 24 hours no longer counts and is cleared.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The route the key was used on: `POST /api/orders/:id/refunds`. */
    scope: text('scope').notNull(),
    /** SHA-256 of the route's parameters and validated body: another request under the same key is a 422. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    /** What the service answered (the route's answer is made from it the same way every time). */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_id_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
