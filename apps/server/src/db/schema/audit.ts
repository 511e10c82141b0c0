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
  // Newest first is (created_at desc, id desc), each filter an equality before it, so every index below serves
  // one filter of the audit screen in that order (walked backwards) and a page is read from its top.
  (t) => [
    index('audit_entries_created_idx').on(t.createdAt, t.id),
    index('audit_entries_user_idx').on(t.userId, t.createdAt, t.id),
    index('audit_entries_type_idx').on(t.propertyType, t.createdAt, t.id),
    // One record's entries (a few dozen at most), with or without its type.
    index('audit_entries_property_idx').on(t.propertyId, t.propertyType, t.createdAt, t.id),
  ],
);
