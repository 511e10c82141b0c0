import { z } from 'zod';

import { given } from './paging';
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
});
export type MonthEndRun = z.infer<typeof monthEndRun>;

export const MONTH_END_TEXTS = {
  subject: (month: string) => `Your Bloomline statement for ${month}`,
  noRecipient: 'No enabled user with statements has an e-mail address.',
} as const;
