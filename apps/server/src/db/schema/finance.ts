import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
  uniqueIndex,
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
    /** This line's part of the return's credit note (cents; 0 unless the partner was responsible): issue 46. */
    creditCents: integer('credit_cents').notNull().default(0),
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
    /** Why the customer was refunded, as staff wrote it when opening the refund (issue 35). */
    reason: text('reason'),
    /** Null until processed; then the marketplace (its name), 'Partner' or 'Customer'. */
    responsible: text('responsible'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt, t.id),
    index('refunds_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.responsible} is null`),
  ],
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
    /** The EFT payment whose payout settled this deduction (issue 35); null while it is still to settle. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_partners_refund_idx').on(t.refundId),
    index('refund_partners_partner_idx').on(t.partnerId),
    // The payouts list: a partner's deductions still to settle.
    index('refund_partners_unsettled_idx')
      .on(t.partnerId)
      .where(sql`${t.paymentId} is null and ${t.refundDeductionCents} > 0`),
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
    /** This line's part of its partner's refund deduction (cents): issue 46. */
    deductionCents: integer('deduction_cents').notNull().default(0),
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
    /** The EFT payment that paid it (issue 35: payouts); null while unpaid. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /**
     * The Johannesburg day whose statement shows the bill: the day its partner's last line was delivered
     * (issue 46), written with the bill (shared/bills.ts, the seed) and never changed, whatever happens to
     * the order's delivery date later; a month's bills are one range of an index.
     */
    statementDay: date('statement_day')
      .notNull()
      .default(sql`current_date`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bills_order_partner_unique').on(t.orderId, t.partnerId),
    // A month's bills, and a past month's balance (every bill up to its end), from this index alone.
    index('bills_partner_statement_day_idx').on(t.partnerId, t.statementDay, t.amountCents),
    // The current balance sums a partner's bills paid and unpaid from this index alone.
    index('bills_partner_paid_idx').on(t.partnerId, t.paid, t.amountCents),
    index('bills_partner_created_idx').on(t.partnerId, t.createdAt),
    // The payouts list: each partner's unpaid bills up to a day, from this small index alone.
    index('bills_unpaid_idx')
      .on(t.partnerId, t.statementDay, t.amountCents)
      .where(sql`not ${t.paid}`),
    index('bills_payment_idx').on(t.paymentId),
  ],
);

/**
 * A payout run (issue 35): staff paid the partners' bills and settled their deductions up to a day, one EFT
 * payment per partner paid. The bank's bulk-payment file is made from its payments.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    upTo: date('up_to').notNull(),
    paidAt: date('paid_at').notNull(),
    reference: text('reference').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_created_idx').on(t.createdAt, t.id),
    // Issue 46: a reference names one payout at the bank (checked in the payout's transaction too).
    uniqueIndex('payouts_reference_unique').on(sql`lower(${t.reference})`),
  ],
);

/**
 * A closed month (issue 46, DECISIONS.md "Closed months stay closed"), YYYY-MM: closed by its month-end run's
 * completion or by a payout that settled an entry dated in it. Every month up to the latest closed one is
 * closed (shared/closed-months.ts); nothing new is dated into one.
 */
export const closedMonths = pgTable('closed_months', {
  month: text('month').primaryKey(),
  /** 'month-end run' or 'payout'. */
  closedBy: text('closed_by').notNull(),
  payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** The payout run that made it (issue 35). */
    payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    /** The bank details paid into, as confirmed when the payout was made: its bank file's (issue 46). */
    bankName: text('bank_name'),
    branchCode: text('branch_code'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    accountType: text('account_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_partner_paid_idx').on(t.partnerId, t.paidAt),
    index('payments_payout_idx').on(t.payoutId),
  ],
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
    /** The EFT payment whose payout settled this deduction (issue 35); null while it is still to settle. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /** The return whose processing wrote it (a credit note of kind `order`, the partner responsible). */
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_notes_partner_date_idx').on(t.partnerId, t.date),
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_return_idx').on(t.returnId),
    index('credit_notes_unsettled_idx')
      .on(t.partnerId, t.date)
      .where(sql`${t.paymentId} is null`),
    // An in-store (relay) order is deducted from its placing partner once (written at delivery).
    uniqueIndex('credit_notes_instore_order_unique')
      .on(t.orderId)
      .where(sql`${t.kind} = 'instore'`),
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
