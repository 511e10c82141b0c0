import { z } from 'zod';

import { dataOf, given } from './paging';
import { route } from './routes';
import { monthField } from './statements';

/**
 * The month-end run (issue 22, point 4): staff send every partner with a statements user their previous
 * month's summary PDF by e-mail. The run is a job per partner in the database, so its progress survives a
 * reload and a restart, and starting it twice sends each partner once.
 */

/** POST /api/reporting/statements/month-end: the month to send (the previous month when left out). */
export const monthEndRunBody = z.object({ month: given(monthField().optional()) });
export type MonthEndRunBody = z.input<typeof monthEndRunBody>;

/** GET /api/reporting/statements/month-end?month=: whose progress (the previous month when left out). */
export const monthEndRunQuery = monthEndRunBody;

export const MONTH_END_JOB_STATUSES = ['queued', 'running', 'sent', 'failed'] as const;
export type MonthEndJobStatus = (typeof MONTH_END_JOB_STATUSES)[number];

/** A partner's part of a run: being drawn or sent (a retry may be waiting), sent, or failed for good. */
export const MONTH_END_PARTNER_STATUSES = ['sending', 'sent', 'failed'] as const;
export type MonthEndPartnerStatus = (typeof MONTH_END_PARTNER_STATUSES)[number];

export const monthEndPartner = z.object({
  partner: z.object({ id: z.number(), name: z.string() }),
  status: z.enum(MONTH_END_PARTNER_STATUSES),
  /** The addresses the statement went (or goes) to; null before its e-mail is written. */
  to: z.string().nullable(),
  /** When it was sent (ISO, UTC); null until then. */
  sentAt: z.string().nullable(),
  /** Why it failed, or why the last try failed while the next one waits. */
  error: z.string().nullable(),
  /** Tries of its e-mail so far. */
  attempts: z.number(),
});
export type MonthEndPartner = z.infer<typeof monthEndPartner>;

export const monthEndRun = z.object({
  month: z.string(),
  /** Partners in the run (every partner with an enabled user allowed statements when it started). */
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** Queued or being sent. */
  toGo: z.number(),
  /** The partners it could not reach, with why. */
  failures: z.array(z.object({ partner: z.object({ id: z.number(), name: z.string() }), error: z.string() })),
  /** Every partner of the run, by name: whom it was sent to, or why not (issue 36, point 10). */
  partners: z.array(monthEndPartner),
});
export type MonthEndRun = z.infer<typeof monthEndRun>;

/** The month-end run's routes (staff only): its progress, and its start (202: the e-mails go out as jobs). */
export const monthEndRunRoutes = {
  progress: route({
    method: 'GET',
    path: '/api/reporting/statements/month-end',
    query: monthEndRunQuery,
    answer: dataOf(monthEndRun),
  }),
  start: route({
    method: 'POST',
    path: '/api/reporting/statements/month-end',
    body: monthEndRunBody,
    answer: dataOf(monthEndRun),
  }),
};

export const MONTH_END_TEXTS = {
  subject: (month: string) => `Your Bloomline statement for ${month}`,
  noRecipient: 'No enabled user with statements has an e-mail address.',
  /** The statement e-mail's text: the summary is attached, the link opens the month's statement. */
  mail: (partner: string, month: string, link: string) =>
    `Hello ${partner},\n\nAttached is your Bloomline statement summary for ${month}.\n` +
    `Your statement for ${month}, with every order and deduction: ${link}\n`,
} as const;
