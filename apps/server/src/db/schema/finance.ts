import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { mails } from './mails';
import { orderLines, orders } from './orders';
import { partners } from './partners';
import { users } from './users';

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    /** Who bears the cost: the marketplace (its name), 'Partner' or 'Customer'; null until processed. */
    responsible: text('responsible'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_created_idx').on(t.createdAt, t.id),
    index('returns_status_idx').on(t.status, t.createdAt),
    check('returns_status_check', sql`${t.status} in ('open', 'processed')`),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    reason: text('reason').notNull(),
    reasonNote: text('reason_note'),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_line_idx').on(t.orderLineId),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull().default(0),
    /** What was deducted from the partners' pay when processed (cents); null until processed. */
    onPayCents: integer('on_pay_cents'),
    /** The on pay of the refunded lines (the sum of theirs): the most that can be deducted (cents). */
    onPayAmountCents: integer('on_pay_amount_cents').notNull().default(0),
    /** Null until processed; then the marketplace (its name), 'Partner' or 'Customer'. */
    responsible: text('responsible'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), index('refunds_created_idx').on(t.createdAt, t.id)],
);

/** A refund's share per partner: what is deducted from that partner's statement. */
export const refundPartners = pgTable(
  'refund_partners',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    responsible: text('responsible'),
    refundDeductionCents: integer('refund_deduction_cents').notNull().default(0),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_partners_refund_idx').on(t.refundId),
    index('refund_partners_partner_idx').on(t.partnerId),
  ],
);

export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    /** The refund partner this line belongs to (the line's partner when refunded). */
    refundPartnerId: integer('refund_partner_id').references(() => refundPartners.id, {
      onDelete: 'set null',
    }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull().default(0),
    onPayAmountCents: integer('on_pay_amount_cents').notNull().default(0),
  },
  (t) => [
    index('refund_lines_refund_idx').on(t.refundId),
    index('refund_lines_order_line_idx').on(t.orderLineId),
  ],
);

/** What a partner is owed for an order (its on pay), paid or not: one per order and partner. */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    paidAt: date('paid_at'),
    /**
     * The Johannesburg day whose statement shows the bill: its order's delivery date, or (none) the bill's
     * own day. Kept by the database (migration 0012's triggers, on every insert and on every change of the
     * order's delivery date), so a month's bills are one range of an index; the default only satisfies
     * the insert's type, the trigger always overwrites it.
     */
    statementDay: date('statement_day')
      .notNull()
      .default(sql`current_date`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bills_order_partner_unique').on(t.orderId, t.partnerId),
    index('bills_partner_statement_day_idx').on(t.partnerId, t.statementDay),
    // The current balance sums a partner's bills paid and unpaid from this index alone.
    index('bills_partner_paid_idx').on(t.partnerId, t.paid, t.amountCents),
    index('bills_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/** EFT payments made to a partner. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    paidAt: date('paid_at').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_partner_paid_idx').on(t.partnerId, t.paidAt)],
);

/** Deductions on a partner's statement: per order, in-store (relay) orders placed, wholesale purchases. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    date: date('date').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_notes_partner_date_idx').on(t.partnerId, t.date),
    index('credit_notes_order_idx').on(t.orderId),
    check('credit_notes_kind_check', sql`${t.kind} in ('order', 'instore', 'wholesale')`),
  ],
);

/**
 * The month-end run's queue (issue 22): one job per month and partner, worked by the server process with
 * `for update skip locked`, so several instances share the work, a second start adds nothing, and a restart
 * picks up where the run stopped. Its rows are the run's progress.
 */
export const statementJobs = pgTable(
  'statement_jobs',
  {
    id: serial('id').primaryKey(),
    /** YYYY-MM: the statement sent. */
    month: text('month').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** The statement's e-mail once written (status `sent`): whether and to whom it went is the mail's. */
    mailId: integer('mail_id').references(() => mails.id, { onDelete: 'set null' }),
    /** The instance (host:pid) that took it last: which one holds a running job, which one drew a sent one. */
    workedBy: text('worked_by'),
    /** When a worker claimed it: a job left running longer than the lease after a crash is queued again. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('statement_jobs_month_partner_unique').on(t.month, t.partnerId),
    index('statement_jobs_status_idx').on(t.status, t.id),
    check('statement_jobs_status_check', sql`${t.status} in ('queued', 'running', 'sent', 'failed')`),
  ],
);
