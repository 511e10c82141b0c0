import { z } from 'zod';

import { todayInJohannesburg } from './dates';
import { idField } from './fields';
import { MESSAGES } from './messages';
import { dataOf, given } from './paging';
import { route } from './routes';

/**
 * Monthly partner statements (DECISIONS.md "Statements", part 2 point 9): what a partner is paid for a month
 * and why. A month holds the partner's order bills (a bill belongs to the month of the day it was delivered,
 * issue 46), the deductions processed in it (credit notes on orders, in-store orders placed, wholesale
 * purchases, refunds) and the EFT payments received. Amounts cross the wire in rand; totals are computed in cents.
 */

/** Statements cover the latest 12 months, from the current month back (part 2, point 9). */
export const STATEMENT_MONTHS = 12;
export const STATEMENT_SORTS = ['date', 'name', 'payment'] as const;
export type StatementSort = (typeof STATEMENT_SORTS)[number];
export const STATEMENT_ENTRY_TYPES = ['order', 'refund', 'payment', 'wholesale', 'instore'] as const;
export type StatementEntryType = (typeof STATEMENT_ENTRY_TYPES)[number];

/** Texts the screens and the 422 answers show verbatim. */
export const STATEMENT_TEXTS = {
  month: ':Attribute must be a month written YYYY-MM, such as 2026-05.',
  futureMonth: ':Attribute cannot be in the future.',
  sort: 'Sort by date, name or payment.',
  direction: 'The direction must be asc or desc.',
} as const;

/** What each figure means: the screen's hover explanations and the summary PDF's notes. */
export const STATEMENT_FIGURES = [
  {
    key: 'currentBalance',
    label: 'Current balance',
    hint: 'What Bloomline owes you: every unpaid bill, across all months, less every deduction not yet settled by a payout. A past month shows it as it stood at that month’s end.',
  },
  {
    key: 'totalUnpaid',
    label: 'Total Unpaid',
    hint: "This month's unpaid bills less this month's deductions not yet settled by a payout.",
  },
  {
    key: 'totalOnPay',
    label: 'Total on pay',
    hint: "This month's bills, paid or not, less this month's deductions.",
  },
  {
    key: 'totalDeductions',
    label: 'Total deductions',
    hint: 'Credit notes, in-store orders, wholesale purchases and refunds processed this month.',
  },
  { key: 'totalPaid', label: 'Total paid', hint: "This month's bills that have been paid." },
] as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month it is now in Johannesburg (YYYY-MM). */
export const currentMonth = (now: Date = new Date()) => todayInJohannesburg(now).slice(0, 7);

/** The first day of a month and of the month after it (YYYY-MM-DD): a month's half-open span of days. */
export function monthBounds(month: string): { first: string; next: string } {
  const [year = 0, mon = 1] = month.split('-').map(Number);
  const nextYear = mon === 12 ? year + 1 : year;
  const nextMonth = mon === 12 ? 1 : mon + 1;
  return {
    first: `${month}-01`,
    next: `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-01`,
  };
}

/** The month before (2026-01 → 2025-12): the month-end run sends the previous month's statements. */
export function previousMonth(month: string): string {
  const [year = 0, mon = 1] = month.split('-').map(Number);
  return mon === 1
    ? `${String(year - 1).padStart(4, '0')}-12`
    : `${String(year)}-${String(mon - 1).padStart(2, '0')}`;
}

/** The latest `count` months, from `month` back (the /statements list). */
export function latestMonths(month: string = currentMonth(), count = STATEMENT_MONTHS): string[] {
  const months = [month];
  while (months.length < count) months.push(previousMonth(months[months.length - 1] ?? month));
  return months;
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const; // prettier-ignore

/** 2026-05 → "May 2026" (the statement's title: "Statement for May 2026"). */
export function monthName(month: string): string {
  const [year = '', mon = '1'] = month.split('-');
  return `${MONTH_NAMES[Number(mon) - 1] ?? ''} ${year}`;
}

/** 2026-03-05 → "05 Mar 2026" (the spec's 'dd MMM Y'), for the PDFs; anything else as it is. */
export function statementDate(day: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return day ?? '';
  const [, year = '', mon = '', date = ''] = match;
  return `${date} ${(MONTH_NAMES[Number(mon) - 1] ?? '').slice(0, 3)} ${year}`;
}

/** A month as the client sends it: YYYY-MM exactly, a real month, not after the current one. */
export const monthField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : STATEMENT_TEXTS.month) })
    .regex(MONTH, { error: STATEMENT_TEXTS.month })
    .refine((month) => month <= currentMonth(), { error: STATEMENT_TEXTS.futureMonth });

/** `{month}` in a statement's PDF addresses. */
export const statementMonthParams = z.object({ month: monthField() });

/** Whose statement: staff name the partner (`partner_id`, required for them); a partner user's is their own. */
const partnerChoice = { partner_id: given(idField().optional()) };

/** GET /api/reporting/statements: the month, the sort key and direction (default Order no, newest first). */
export const statementRequest = z.object({
  month: monthField(),
  s: given(z.enum(STATEMENT_SORTS, { error: STATEMENT_TEXTS.sort }).default('name')),
  d: given(z.enum(['asc', 'desc'], { error: STATEMENT_TEXTS.direction }).default('desc')),
  ...partnerChoice,
});
export type StatementRequest = z.infer<typeof statementRequest>;

/** The PDFs' query: the sort of the screen they were downloaded from, and staff's partner. */
export const statementPdfQuery = statementRequest.omit({ month: true });
export type StatementPdfQuery = z.infer<typeof statementPdfQuery>;

/** GET /api/reporting/current-balance and the month's orders (feature off): whose. */
export const statementPartnerQuery = z.object(partnerChoice);
export type StatementPartnerQuery = z.infer<typeof statementPartnerQuery>;

/** GET /api/reporting/statements/orders: the orders page of a month when the feature is off. */
export const statementOrdersRequest = z.object({ month: monthField(), ...partnerChoice });
export type StatementOrdersRequest = z.infer<typeof statementOrdersRequest>;

const idName = z.object({ id: z.number(), name: z.string() });
const creditNote = z.object({
  id: z.number(),
  amount: z.number(),
  date: z.string(),
  description: z.string().nullable(),
  /** Settled by a payout (taken off an EFT payment). */
  settled: z.boolean(),
});

export const statementOrderEntry = z.object({
  type: z.literal('order'),
  /** Unique within a statement: `<type>-<row id>`. */
  key: z.string(),
  date: z.string(),
  order: z.object({
    id: z.number(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    deliveryDate: z.string().nullable(),
    /** The partner's on pay for the order incl. delivery (the bill's amount), whichever month it is in. */
    onPay: z.number().nullable(),
    /** The order's value incl. delivery. */
    totalValue: z.number(),
    lines: z.array(z.object({ id: z.number(), title: z.string(), quantity: z.number(), status: z.string() })),
  }),
  /**
   * The bill when it belongs to this month (the order's delivery month); null on an order of an earlier
   * month that shows here only for a credit note processed in this month.
   */
  bill: z
    .object({ id: z.number(), paid: z.boolean(), date: z.string().nullable(), amount: z.number() })
    .nullable(),
  /** Credit notes on the order processed in this month (a return with the partner responsible, a complaint). */
  creditNotes: z.array(creditNote),
});

export const statementRefundEntry = z.object({
  type: z.literal('refund'),
  key: z.string(),
  date: z.string(),
  /** The partner's refund deduction (positive; shown negative). */
  amount: z.number(),
  order: idName,
  name: z.string(),
  /** Settled by a payout (taken off an EFT payment). */
  settled: z.boolean(),
});

export const statementPaymentEntry = z.object({
  type: z.literal('payment'),
  key: z.string(),
  date: z.string(),
  /** The EFT payment received (positive; shown negative). */
  amount: z.number(),
  reference: z.string().nullable(),
});

/** A wholesale purchase (no order) or an in-store (relay) order the partner placed. */
export const statementCreditEntry = z.object({
  type: z.enum(['wholesale', 'instore']),
  key: z.string(),
  date: z.string(),
  order: idName.nullable(),
  creditNote: creditNote,
});

export const statementEntry = z.union([
  statementOrderEntry,
  statementRefundEntry,
  statementPaymentEntry,
  statementCreditEntry,
]);
export type StatementOrderEntry = z.infer<typeof statementOrderEntry>;
export type StatementRefundEntry = z.infer<typeof statementRefundEntry>;
export type StatementPaymentEntry = z.infer<typeof statementPaymentEntry>;
export type StatementCreditEntry = z.infer<typeof statementCreditEntry>;
export type StatementEntry = z.infer<typeof statementEntry>;

/** The five figures, in rand. */
export const statementTotalsAnswer = z.object({
  currentBalance: z.number(),
  totalUnpaid: z.number(),
  totalOnPay: z.number(),
  totalDeductions: z.number(),
  totalPaid: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotalsAnswer>;

export const statementAnswer = z.object({
  data: z.array(statementEntry),
  meta: z.object({ month: z.string(), partner: idName, totals: statementTotalsAnswer }),
});
export type StatementAnswer = z.infer<typeof statementAnswer>;

export const statementOrdersAnswer = z.object({
  data: z.array(statementOrderEntry),
  meta: z.object({ month: z.string(), partner: idName, totalOnPay: z.number() }),
});
export type StatementOrdersAnswer = z.infer<typeof statementOrdersAnswer>;

/**
 * GET /api/reporting/statements/months: the latest 12 months (newest first) with how many orders the partner
 * received (bills of the month) and sent (in-store orders it placed): the /statements list of either view.
 */
export const statementMonth = z.object({
  month: z.string(),
  ordersReceived: z.number(),
  ordersSent: z.number(),
});
export type StatementMonth = z.infer<typeof statementMonth>;

/** A month's statement as a PDF: `detail` (the figures and every entry), `summary` (a count per entry type). */
const statementPdfRoute = <const Kind extends 'detail' | 'summary'>(kind: Kind) =>
  route({
    method: 'GET',
    path: `/api/reporting/statements/:month/${kind}`,
    params: statementMonthParams,
    query: statementPdfQuery,
  });

/**
 * The statements' routes: a partner user reads their own with the partnerStatements permission, staff any
 * partner's (`partner_id`). The month-end run's are `monthEndRunRoutes` (`statement-run.ts`).
 */
export const statementRoutes = {
  statement: route({
    method: 'GET',
    path: '/api/reporting/statements',
    query: statementRequest,
    answer: statementAnswer,
  }),
  currentBalance: route({
    method: 'GET',
    path: '/api/reporting/current-balance',
    query: statementPartnerQuery,
    answer: dataOf(z.number()),
  }),
  months: route({
    method: 'GET',
    path: '/api/reporting/statements/months',
    query: statementPartnerQuery,
    answer: dataOf(z.array(statementMonth)),
  }),
  orders: route({
    method: 'GET',
    path: '/api/reporting/statements/orders',
    query: statementOrdersRequest,
    answer: statementOrdersAnswer,
  }),
  /** The month's PDFs, by kind (answered as files). */
  pdf: { detail: statementPdfRoute('detail'), summary: statementPdfRoute('summary') },
};
