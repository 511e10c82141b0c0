import { sql } from 'drizzle-orm';

import { ROLE_IDS, type MonthEndJobStatus } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';

/**
 * The month-end run's queue (`statement_jobs`): a job per month and partner. Workers claim a job with
 * `for update skip locked`, so any number of server processes share a run without taking the same job, on
 * PostgreSQL and PGlite alike; nothing about a run lives in memory.
 */

/** Users who receive a partner's statement: enabled partner users allowed statements, with an e-mail. */
const RECIPIENT = sql`u.role_id = ${ROLE_IDS.partner} and u.enabled and u.partner_statements
  and u.partner_id is not null and coalesce(u.email, '') <> ''`;

/**
 * Queues the month for every partner with a statements user; a job already there stays as it is (sent stays
 * sent), except a failed one, which is queued again. Returns how many jobs were added or queued again.
 */
export async function queueMonth(db: DbOrTx, month: string, userId: number): Promise<number> {
  const added = await rowsOf<{ id: number }>(
    db,
    sql`insert into statement_jobs (month, partner_id, started_by)
        select distinct ${month}, u.partner_id, ${userId}::int from users u where ${RECIPIENT}
        on conflict (month, partner_id) do nothing returning id`,
  );
  const retried = await rowsOf<{ id: number }>(
    db,
    sql`update statement_jobs set status = 'queued', error = null, locked_at = null, updated_at = now()
        where month = ${month} and status = 'failed' returning id`,
  );
  return added.length + retried.length;
}

export type ClaimedJob = { id: number; month: string; partner_id: number };

/** A job left running longer than the lease (its worker stopped mid-send) goes back to the queue. */
export async function requeueStale(db: DbOrTx, leaseSeconds: number): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update statement_jobs set status = 'queued', locked_at = null, updated_at = now()
        where status = 'running' and locked_at < now() - make_interval(secs => ${leaseSeconds}::int) returning id`,
  );
  return rows.length;
}

/** Takes the oldest queued job, or none; a job another worker holds is skipped, never waited for. */
export async function claimJob(db: DbOrTx): Promise<ClaimedJob | null> {
  const [job] = await rowsOf<ClaimedJob>(
    db,
    sql`update statement_jobs set status = 'running', locked_at = now(), attempts = attempts + 1, updated_at = now()
        where id = (select id from statement_jobs where status = 'queued' order by id limit 1 for update skip locked)
        returning id, month, partner_id`,
  );
  return job ?? null;
}

export async function finishJob(db: DbOrTx, id: number, outcome: { error: string | null }): Promise<void> {
  const status: MonthEndJobStatus = outcome.error === null ? 'sent' : 'failed';
  await db.execute(
    sql`update statement_jobs set status = ${status}, error = ${outcome.error}, locked_at = null,
          sent_at = case when ${status} = 'sent' then now() else sent_at end, updated_at = now()
        where id = ${id} and status = 'running'`,
  );
}

/** The e-mail addresses a partner's statement goes to. */
export async function recipientsOf(db: DbOrTx, partnerId: number): Promise<string[]> {
  const rows = await rowsOf<{ email: string }>(
    db,
    sql`select u.email from users u where ${RECIPIENT} and u.partner_id = ${partnerId} order by u.id`,
  );
  return rows.map((r) => r.email);
}

export type RunRow = { status: MonthEndJobStatus; n: number };
export type FailureRow = { partner_id: number; name: string; error: string | null };

/** A run's jobs counted by status, and its failures with the partners' names. */
export async function runProgress(db: DbOrTx, month: string) {
  const [counts, failures] = await Promise.all([
    rowsOf<RunRow>(
      db,
      sql`select status, count(*)::int as n from statement_jobs where month = ${month} group by status`,
    ),
    rowsOf<FailureRow>(
      db,
      sql`select j.partner_id, p.name, j.error from statement_jobs j join partners p on p.id = j.partner_id
          where j.month = ${month} and j.status = 'failed' order by p.name, p.id`,
    ),
  ]);
  return { counts, failures };
}
