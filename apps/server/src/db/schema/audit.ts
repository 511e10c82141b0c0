import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './users';

/** One row per state change, written by the audit helper in the same transaction as the change. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    message: text('message').notNull(),
    propertyType: text('property_type'),
    propertyId: integer('property_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_created_idx').on(t.createdAt),
    index('audit_entries_user_idx').on(t.userId, t.createdAt),
    index('audit_entries_property_idx').on(t.propertyType, t.propertyId, t.createdAt),
  ],
);
