import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * Saved views (issue 40): a user's named filter sets of a list (`list` is 'orders'), kept as the list's query
 * string. A shared view (staff only) shows to every staff user; only its owner changes it. `position` orders a
 * user's own views (the tabs above the list).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_user_idx').on(t.userId, t.list, t.position),
    index('saved_views_shared_idx')
      .on(t.list)
      .where(sql`${t.shared}`),
    check('saved_views_list_check', sql`${t.list} in ('orders')`),
  ],
);
