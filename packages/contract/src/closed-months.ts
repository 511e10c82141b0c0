import { z } from 'zod';

import { todayInJohannesburg } from './dates';
import { dataOf } from './paging';
import { route } from './routes';
import { latestMonths, monthBounds, monthName } from './statements';
import type { LineStatus } from './statuses';

/**
 * Closed months (issue 46, DECISIONS.md "Closed months stay closed"): a past month is closed once its
 * month-end run has finished or a payout settled an entry dated in it, and every month before a closed one
 * is closed too. Nothing new is dated into a closed month.
 */

/** A month as a sentence names it: "October" this year, "December 2025" another year. */
export function monthInSentence(month: string, today: string = todayInJohannesburg()): string {
  const name = monthName(month);
  return month.slice(0, 4) === today.slice(0, 4) ? name.slice(0, name.lastIndexOf(' ')) : name;
}

export const CLOSED_MONTH_TEXTS = {
  /** "October is closed; date it in November or later" (422 on `date`). */
  closed: (month: string, firstOpen: string, today?: string) =>
    `${monthInSentence(month, today)} is closed; date it in ${monthInSentence(firstOpen, today)} or later`,
  /** The summary PDF's line below its total: payments received in the month, never netted into it. */
  paidThisMonth: 'Paid to you this month',
  /** 409 on changing the delivery date of an order delivered (any line) or cancelled. */
  deliveryDateLocked: 'Delivered orders keep their delivery date',
} as const;

const DELIVERED: readonly LineStatus[] = ['delivered', 'return', 'refund'];

/**
 * Whether an order's delivery date is fixed (DECISIONS.md "The statement day is the day it was delivered"):
 * once any line was delivered (returned and refunded lines were), or the order is cancelled.
 */
export function deliveryDateLocked(order: { status: string }, lines: readonly { status: string }[]): boolean {
  return order.status === 'cancel-confirmed' || lines.some((l) => DELIVERED.includes(l.status as LineStatus));
}

/**
 * The earliest month a statement can show (the latest 12 months): when no later month is closed, the first
 * open month is this one, so nothing is dated where no statement would show it (1900-01-01 is refused).
 */
export const earliestStatementMonth = (today: string = todayInJohannesburg()) =>
  latestMonths(today.slice(0, 7)).at(-1) ?? today.slice(0, 7);

/** GET /api/closed-months: the first open month and its first day (the wholesale dialog's earliest date). */
export const closedMonthsAnswer = z.object({
  /** YYYY-MM: the earliest month anything may still be dated in. */
  firstOpenMonth: z.string(),
  /** Its first day (YYYY-MM-DD). */
  firstOpenDay: z.string(),
  /** The closed months recorded (YYYY-MM), newest first (earlier ones are closed with them). */
  closed: z.array(z.string()),
});
export type ClosedMonths = z.infer<typeof closedMonthsAnswer>;

export const firstDayOf = (month: string) => monthBounds(month).first;

export const closedMonthRoutes = {
  get: route({ method: 'GET', path: '/api/closed-months', answer: dataOf(closedMonthsAnswer) }),
};
