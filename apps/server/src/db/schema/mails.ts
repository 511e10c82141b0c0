import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a mail, its bytes in base64 (a statement's summary PDF is a few kilobytes). */
export type StoredAttachment = { filename: string; contentType: string; content: string };

/**
 * Every e-mail the product sends (issue 38): written in the transaction of the change it tells about, then
 * sent by a job (`lib/mail-queue.ts`, pg-boss) that tries again with growing waits. The row is what staff
 * read: a mail that still fails after its last try is `failed`, with the reason, until someone sends it again.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    /** What it is about: password-reset, welcome, assignment, deduction, remittance, statement. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** queued (waiting for its first or next try), sent, or failed (no tries left). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last try failed (kept while it waits for the next one). */
    error: text('error'),
    lastTriedAt: timestamp('last_tried_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mails_status_idx').on(t.status, t.id),
    check('mails_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
