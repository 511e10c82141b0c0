import type { FastifyBaseLogger } from 'fastify';

import { currentMonth, previousMonth } from '@bloomline/contract';

import type { Jobs } from '../../lib/jobs';
import type { StatementRun } from './statement-run.service';

export const MONTH_END_JOB = 'month-end';
/** The schedule is read on Johannesburg's clock, whatever the server's time zone. */
export const MONTH_END_TIME_ZONE = 'Africa/Johannesburg';

/**
 * The month-end run starts by itself (issue 38): pg-boss sends the `month-end` job at `cron` (06:00 on the 1st)
 * once across the fleet, and whichever instance takes it queues the previous month's statements, as staff's
 * button does. Starting a month twice adds nothing, so even a second start would send nobody twice.
 */
export function monthEndSchedule({
  jobs,
  run,
  cron,
  log,
}: {
  jobs: Jobs;
  run: Pick<StatementRun, 'start'>;
  cron: string;
  log: FastifyBaseLogger;
}) {
  jobs.queue({ name: MONTH_END_JOB, retryLimit: 3, retryDelay: 60, retryBackoff: true });
  jobs.work(MONTH_END_JOB, async () => {
    const month = previousMonth(currentMonth());
    const progress = await run.start(null, month);
    log.info({ month, partners: progress.total }, 'month-end statements started by the schedule');
  });
  if (cron) jobs.schedule(MONTH_END_JOB, cron, MONTH_END_TIME_ZONE);
}
