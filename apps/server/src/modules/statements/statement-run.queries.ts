import { hostname } from 'node:os';

import { sql } from 'drizzle-orm';

import { ROLE_IDS, type MonthEndJobStatus, type MonthEndPartnerStatus } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';
import { closeMonths, lockForClosing } from '../../shared/closed-months';

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
export async function queueMonth(db: DbOrTx, month: string, userId: number | null): Promise<number> {
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

/** This process, as `worked_by` names it. */
const INSTANCE = `${hostname()}:${String(process.pid)}`;

/** Takes the oldest queued job, or none; a job another worker holds is skipped, never waited for. */
export async function claimJob(db: DbOrTx): Promise<ClaimedJob | null> {
  const [job] = await rowsOf<ClaimedJob>(
    db,
    sql`update statement_jobs set status = 'running', locked_at = now(), worked_by = ${INSTANCE},
          attempts = attempts + 1, updated_at = now()
        where id = (select id from statement_jobs where status = 'queued' order by id limit 1 for update skip locked)
        returning id, month, partner_id`,
  );
  return job ?? null;
}

/** A job is done: `sent` with its queued mail (whether the mail went is the mail's), or failed with why. */
export async function finishJob(
  db: DbOrTx,
  id: number,
  outcome: { error: string | null; mailId: number | null },
): Promise<void> {
  const status: MonthEndJobStatus = outcome.error === null ? 'sent' : 'failed';
  await db.execute(
    sql`update statement_jobs set status = ${status}, error = ${outcome.error}, locked_at = null,
          mail_id = ${outcome.mailId},
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

export type RunPartnerRow = {
  partner_id: number;
  name: string;
  /** The partner's part of the run: its job's state, then its mail's once the job has queued one. */
  status: MonthEndPartnerStatus;
  to: string | null;
  sent_at: string | null;
  error: string | null;
  attempts: number;
};

/**
 * Every partner of a month's run with where its statement is: being drawn or sent (`sending`, with the last
 * try's error while a retry waits), `sent` (to whom, when) or `failed` (why). A job marked sent before its
 * statement was a queued mail has no mail: it was sent.
 */
export async function runPartners(db: DbOrTx, month: string): Promise<RunPartnerRow[]> {
  return rowsOf<RunPartnerRow>(
    db,
    sql`select j.partner_id, p.name,
          case when j.status in ('queued', 'running') then 'sending'
               when j.status = 'failed' then 'failed'
               when m.id is null or m.status = 'sent' then 'sent'
               when m.status = 'failed' then 'failed'
               else 'sending' end as status,
          m."to", to_char(coalesce(m.sent_at, j.sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sent_at,
          coalesce(m.error, j.error) as error, coalesce(m.attempts, 0)::int as attempts
        from statement_jobs j join partners p on p.id = j.partner_id left join mails m on m.id = j.mail_id
        where j.month = ${month} order by p.name, p.id`,
  );
}

/** The month's statement mails that failed for good (sent again when the run is started again). */
export async function failedRunMails(db: DbOrTx, month: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select m.id from statement_jobs j join mails m on m.id = j.mail_id
        where j.month = ${month} and m.status = 'failed'`,
  );
  return rows.map((r) => r.id);
}

/**
 * A run has finished once none of its month's jobs is queued or running (sent or failed for good): then its
 * month is closed (issue 46, shared/closed-months.ts; a run of the current month closes nothing, its days are
 * still being delivered). Called in the transaction that finishes a job, and at a start that queued nothing.
 */
export async function closeMonthIfRunFinished(db: DbOrTx, month: string): Promise<void> {
  await lockForClosing(db);
  const [left] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from statement_jobs where month = ${month} and status in ('queued', 'running')`,
  );
  if ((left?.n ?? 0) === 0) await closeMonths(db, [month], 'month-end run');
}
