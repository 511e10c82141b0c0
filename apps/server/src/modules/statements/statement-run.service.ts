import type { FastifyBaseLogger } from 'fastify';

import {
  MONTH_END_TEXTS,
  currentMonth,
  monthName,
  previousMonth,
  type MonthEndRun,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Mailer } from '../../lib/mailer';
import {
  claimJob,
  finishJob,
  queueMonth,
  recipientsOf,
  requeueStale,
  runProgress,
  type ClaimedJob,
} from './statement-run.queries';
import { pdfBuffer } from './statements.pdf';
import { statementPartner } from './statements.queries';
import { statementDownload } from './statements.service';

export type StatementRunOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for queued jobs (another instance may have queued them); 0: never. */
  pollMs?: number;
  /** A job running longer than this is taken to be abandoned (its process stopped) and queued again. */
  leaseSeconds?: number;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The month-end run (issue 22, point 4): `start` queues a job per partner with a statements user, the
 * worker in each server process takes jobs one by one and e-mails each partner the month's summary PDF.
 * The jobs table is the only state: progress survives a reload, a second start adds nothing, and after a
 * restart a job left running past the lease is queued again. A mail can go out twice only when a process
 * dies between sending it and marking it sent (SMTP offers no way to make that atomic).
 */
export function createStatementRun({
  db,
  mailer,
  log,
  pollMs = 5000,
  leaseSeconds = 600,
}: StatementRunOptions) {
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  async function send(job: ClaimedJob): Promise<void> {
    const partner = await statementPartner(db, job.partner_id);
    const to = await recipientsOf(db, job.partner_id);
    if (!partner || to.length === 0) throw new Error(MONTH_END_TEXTS.noRecipient);
    const download = await statementDownload(db, partner, 'summary', job.month, { s: 'name', d: 'desc' });
    const content = await pdfBuffer(download.body);
    await mailer.send({
      to: to.join(', '),
      subject: MONTH_END_TEXTS.subject(monthName(job.month)),
      text:
        `Hello ${partner.name},\n\nAttached is your Bloomline statement summary for ${monthName(job.month)}.\n` +
        'Sign in to the back office for the detailed statement.\n',
      attachments: [{ filename: download.filename, contentType: download.contentType, content }],
    });
  }

  /** Works the queue until it is empty (or the process stops). */
  async function drain(): Promise<void> {
    await requeueStale(db, leaseSeconds);
    for (;;) {
      if (stopped) return;
      const job = await claimJob(db);
      if (!job) return;
      let error: string | null = null;
      try {
        await send(job);
      } catch (failure) {
        error = errorText(failure);
        log.warn({ job: job.id, partner: job.partner_id, err: failure }, 'month-end statement not sent');
      }
      await finishJob(db, job.id, { error });
    }
  }

  /** Runs `drain` unless one is running; one asked for meanwhile runs right after it. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'month-end statement worker failed; it tries again at the next poll');
      } finally {
        draining = undefined;
      }
    })();
    return draining;
  }

  async function progress(month: string): Promise<MonthEndRun> {
    const { counts, failures } = await runProgress(db, month);
    const of = (...statuses: string[]) =>
      counts.filter((c) => statuses.includes(c.status)).reduce((n, c) => n + c.n, 0);
    return {
      month,
      total: of('queued', 'running', 'sent', 'failed'),
      sent: of('sent'),
      failed: of('failed'),
      toGo: of('queued', 'running'),
      failures: failures.map((f) => ({ partner: { id: f.partner_id, name: f.name }, error: f.error ?? '' })),
    };
  }

  return {
    /** The month a run sends when none is named: the previous one. */
    defaultMonth: () => previousMonth(currentMonth()),

    async start(userId: number, month: string): Promise<MonthEndRun> {
      const queued = await db.transaction(async (tx) => {
        const n = await queueMonth(tx, month, userId);
        await audit(tx, {
          userId,
          event: 'created',
          message: `Month-end statements for ${monthName(month)} started: ${String(n)} partner${n === 1 ? '' : 's'} queued.`,
          propertyType: null,
          newValues: { month, queued: n },
        });
        return n;
      });
      if (queued > 0) void wake();
      return progress(month);
    },

    progress,

    /** Starts polling (main and tests: with the app); a run's start also wakes it at once. */
    startWorker() {
      if (!stopped) return;
      stopped = false;
      if (pollMs > 0) {
        timer = setInterval(() => void wake(), pollMs);
        timer.unref();
      }
      void wake();
    },

    /** Stops polling and waits for the job in hand, so a closing app leaves none half-sent. */
    async stopWorker() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await draining;
    },

    /** Until the queue is empty: tests and the demo wait on it. */
    wake,
  };
}

export type StatementRun = ReturnType<typeof createStatementRun>;
