import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

import { rowsOf } from '../db/bulk';
import type { Database, DbOrTx } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';

/**
 * Background jobs on pg-boss 10 (issue 38; docs/decisions.md "Jobs"), on both engines: pg-boss talks to the
 * database through `Database.query`, so the embedded PGlite works as PostgreSQL does. A job is sent in the
 * transaction of the change that asks for it (`send(name, data, tx)`): a rolled-back change sends nothing, a
 * committed one is never lost. Workers in every instance share the queues (`skip locked`); a cron schedule
 * fires once across the fleet.
 */

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How often an idle worker asks for jobs (pg-boss polls; at least 0.5 s). */
  pollSeconds: number;
  /** Run the cron schedules (the month-end run); off in tests. */
  schedule: boolean;
  /** Expire, retry and clean up jobs (pg-boss's supervisor); off in tests, which run for seconds. */
  supervise?: boolean;
}

export type JobQueue = {
  name: string;
  /** Tries after the first, with waits of `retryDelay` seconds doubling each time when `retryBackoff`. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long a job may run before it counts as stuck (its process died) and is tried again. */
  expireInSeconds?: number;
};

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>) => Promise<void>;

/** A value as pg-boss's own driver would send it: objects as JSON text, undefined as null. */
const asParameter = (value: unknown): unknown =>
  value === undefined
    ? null
    : value !== null && typeof value === 'object' && !(value instanceof Date)
      ? JSON.stringify(value)
      : value;

/** pg-boss's `$n` SQL text with its values, as a drizzle statement, so it runs in the caller's transaction. */
export function statementOf(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${asParameter(values[Number(part) - 1])}`)),
    sql.raw(''),
  );
}

/** pg-boss's connection for one call: the caller's transaction (or the app's database, outside one). */
function connectionOf(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await rowsOf(db, statementOf(text, values)) };
    },
  };
}

export function createJobs({ database, log, pollSeconds, schedule, supervise = true }: JobsOptions) {
  // Once stopped, pg-boss's own statements answer nothing instead of reaching a pool that is about to close: a
  // worker whose fetch was in flight when `stop` began would otherwise fetch, fail and report it to a closed pool
  // (an unhandled rejection). A job it held stays active and expires, to be tried again by another instance.
  // "Nothing" is `undefined`, as pg-boss's own closed database answers (src/db.js): its callers read that as no
  // rows and no count. `{ rows: [] }` was not: completing or failing a job reads `rows[0].count` (CI, 2026-11-27).
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) =>
        // pg-boss's type says a result; its own closed database answers undefined, which every caller handles.
        stopped ? (undefined as unknown as { rows: unknown[] }) : database.query(text, values),
    },
    schema: JOB_SCHEMA,
    schedule,
    supervise,
    // The month-end schedule is read in Johannesburg time; the clock check is for fleets of machines.
    clockMonitorIntervalMinutes: 10,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const queues: JobQueue[] = [];
  const workers: { name: string; handler: JobHandler<unknown> }[] = [];
  const schedules: { name: string; cron: string; tz: string }[] = [];
  const workerIds = new Map<string, string>();
  let started = false;

  return {
    boss,
    /** Declares a queue (before `start`): created when missing, its retry rules brought up to date. */
    queue(queue: JobQueue) {
      queues.push(queue);
    },

    /** This instance works the queue's jobs one at a time; a handler that throws fails the try. */
    work<T>(name: string, handler: JobHandler<T>) {
      workers.push({ name, handler: handler as JobHandler<unknown> });
    },

    /** Sends `name` at each `cron` time in `tz`, once across the fleet (pg-boss's schedule). */
    schedule(name: string, cron: string, tz: string) {
      schedules.push({ name, cron, tz });
    },

    /** Queues a job in `db`'s transaction; this instance's worker is told at once. */
    async send(name: string, data: object, db: DbOrTx, options: PgBoss.SendOptions = {}) {
      const id = await boss.send(name, data, { ...options, db: connectionOf(db) });
      return id;
    },

    /** Wakes this instance's worker of `name` (after a commit that queued a job for it). */
    nudge(name: string) {
      const id = workerIds.get(name);
      if (id) boss.notifyWorker(id);
    },

    async start() {
      if (started) return;
      started = true;
      stopped = false;
      await boss.start();
      // Under the start-up lock: pg-boss creates a queue without a lock of its own, and instances of a fleet
      // starting at once on a new database deadlock on its queue table (one of them then failed to start: CI,
      // 2026-11-27; the test in jobs.fleet.test.ts made it happen every time).
      await database.withStartupLock(async () => {
        for (const queue of queues) {
          await boss.createQueue(queue.name, queue);
          await boss.updateQueue(queue.name, queue);
        }
      });
      for (const { name, handler } of workers) {
        const id = await boss.work(
          name,
          { includeMetadata: true, pollingIntervalSeconds: Math.max(0.5, pollSeconds) },
          async ([job]) => {
            if (job) await handler(job);
          },
        );
        workerIds.set(name, id);
      }
      if (schedule) for (const s of schedules) await boss.schedule(s.name, s.cron, {}, { tz: s.tz });
    },

    /**
     * Takes no new job, waits up to `graceMs` for the ones in hand, then hands back any still running (pg-boss
     * fails them, so they are tried again by another instance within their retry limit).
     */
    async stop(graceMs: number) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: graceMs, close: false });
      stopped = true;
    },

    /** Jobs by queue and state (for /metrics). */
    async counts(): Promise<{ queue: string; state: string; n: number }[]> {
      const { rows } = await database.query(
        `select name as queue, state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job group by 1, 2`,
      );
      return rows as { queue: string; state: string; n: number }[];
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
