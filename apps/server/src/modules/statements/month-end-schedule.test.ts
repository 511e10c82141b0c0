import cronParser from 'cron-parser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentMonth, previousMonth } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import { createHarness, type Harness } from '../../test/harness';
import { MONTH_END_JOB, MONTH_END_TIME_ZONE } from './month-end-schedule';

// Issue 38: the month-end run starts by itself on the 1st at 06:00 in Johannesburg, once across the fleet.

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { JOBS_SCHEDULE: 'true' } });
});
afterAll(() => h.close());

const LAST_MONTH = previousMonth(currentMonth());

async function jobsOfLastMonth() {
  const [row] = await rowsOf<{ n: number }>(
    h.database.db,
    sql`select count(*)::int as n from statement_jobs where month = ${LAST_MONTH}`,
  );
  return row?.n ?? 0;
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('it did not happen within 10 s');
}

describe('the month-end schedule', () => {
  it('is 06:00 on the 1st of each month in Johannesburg (04:00 UTC), registered with the job queue', async () => {
    const schedules = await h.app.jobs.boss.getSchedules();
    const schedule = schedules.find((s) => s.name === MONTH_END_JOB);
    expect(schedule).toMatchObject({ cron: '0 6 1 * *', options: { tz: 'Africa/Johannesburg' } });
    // What the job library does with it: the next times after mid-June, on Johannesburg's clock.
    const next = cronParser.parseExpression(schedule!.cron, {
      currentDate: new Date('2026-06-15T12:00:00Z'),
      tz: MONTH_END_TIME_ZONE,
    });
    expect([next.next().toISOString(), next.next().toISOString()]).toEqual([
      '2026-07-01T04:00:00.000Z',
      '2026-08-01T04:00:00.000Z',
    ]);
  });

  it('queues last month for every partner with a statements user when it fires, and once only', async () => {
    expect(await jobsOfLastMonth()).toBe(0);
    // Two instances' schedules firing at once would send the job twice at most: both are harmless.
    await h.app.jobs.boss.send(MONTH_END_JOB, {});
    await h.app.jobs.boss.send(MONTH_END_JOB, {});
    await until(async () => {
      const [row] = await rowsOf<{ n: number }>(
        h.database.db,
        sql`select count(*)::int as n from audit_entries where message like ${'Month-end statements for % started by the schedule%'}`,
      );
      return (row?.n ?? 0) >= 2;
    });
    // The fixtures' partner A has one statements user: one job, however often the run was started.
    expect(await jobsOfLastMonth()).toBe(1);
  });
});
