import type { FastifyBaseLogger } from 'fastify';

import {
  MONTH_END_TEXTS,
  currentMonth,
  monthName,
  previousMonth,
  type MonthEndRun,
} from '@bloomline/contract';

import { sql } from 'drizzle-orm';

import type { Database, Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { MailQueue } from '../../lib/mail-queue';
import {
  claimJob,
  closeMonthIfRunFinished,
  failedRunMails,
  finishJob,
  queueMonth,
  recipientsOf,
  requeueStale,
  runPartners,
  type ClaimedJob,
} from './statement-run.queries';
import { pdfBuffer } from './statements.pdf';
import { statementPartner } from './statements.queries';
import { statementDownload } from './statements.service';

export type StatementRunOptions = {
  db: Db;
  mails: Pick<MailQueue, 'queueMail' | 'sendAgain'>;
  /** For the link to the statement in the e-mail. */
  appUrl: string;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for queued jobs (another instance may have queued them); 0: never. */
  pollMs?: number;
  /** A job running longer than this is taken to be abandoned (its process stopped) and queued again. */
  leaseSeconds?: number;
  /** PostgreSQL's LISTEN: a run started on one instance wakes the workers of all at once. */
  listen?: Database['listen'];
};

/** Told (NOTIFY) when a run is queued, so every instance's worker starts on it at once. */
const RUN_CHANNEL = 'bloomline_statement_run';

/** The month's statement on the web (a partner user opens their own). */
export const statementLink = (appUrl: string, month: string) =>
  `${appUrl.replace(/\/+$/, '')}/statements/${month}`;

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
  mails,
  appUrl,
  log,
  pollMs = 5000,
  leaseSeconds = 600,
  listen,
}: StatementRunOptions) {
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let draining: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  /** Draws the partner's summary and queues its e-mail, marking the job done with it in one transaction. */
  async function send(job: ClaimedJob): Promise<void> {
    const partner = await statementPartner(db, job.partner_id);
    const to = await recipientsOf(db, job.partner_id);
    if (!partner || to.length === 0) throw new Error(MONTH_END_TEXTS.noRecipient);
    const download = await statementDownload(db, partner, 'summary', job.month, { s: 'name', d: 'desc' });
    const content = await pdfBuffer(download.body);
    await db.transaction(async (tx) => {
      const mailId = await mails.queueMail(tx, {
        kind: 'statement',
        to: to.join(', '),
        subject: MONTH_END_TEXTS.subject(monthName(job.month)),
        text: MONTH_END_TEXTS.mail(partner.name, monthName(job.month), statementLink(appUrl, job.month)),
        attachments: [{ filename: download.filename, contentType: download.contentType, content }],
      });
      await finishJob(tx, job.id, { error: null, mailId });
      await closeMonthIfRunFinished(tx, job.month);
    });
  }

  /** Works the queue until it is empty (or the process stops). */
  async function drain(): Promise<void> {
    await requeueStale(db, leaseSeconds);
    for (;;) {
      if (stopped) return;
      const job = await claimJob(db);
      if (!job) return;
      try {
        await send(job);
      } catch (failure) {
        log.warn({ job: job.id, partner: job.partner_id, err: failure }, 'month-end statement not sent');
        await db.transaction(async (tx) => {
          await finishJob(tx, job.id, { error: errorText(failure), mailId: null });
          await closeMonthIfRunFinished(tx, job.month);
        });
      }
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
    const partners = (await runPartners(db, month)).map((r) => ({
      partner: { id: r.partner_id, name: r.name },
      status: r.status,
      to: r.to,
      sentAt: r.status === 'sent' ? r.sent_at : null,
      error: r.status === 'sent' ? null : r.error,
      attempts: r.attempts,
    }));
    const count = (status: string) => partners.filter((p) => p.status === status).length;
    return {
      month,
      total: partners.length,
      sent: count('sent'),
      failed: count('failed'),
      toGo: count('sending'),
      failures: partners
        .filter((p) => p.status === 'failed')
        .map((p) => ({ partner: p.partner, error: p.error ?? '' })),
      partners,
    };
  }

  return {
    /** The month a run sends when none is named: the previous one. */
    defaultMonth: () => previousMonth(currentMonth()),

    /** Queues the month (`userId` null: the schedule started it); a failed statement or e-mail is tried again. */
    async start(userId: number | null, month: string): Promise<MonthEndRun> {
      const queued = await db.transaction(async (tx) => {
        const n = await queueMonth(tx, month, userId);
        let again = 0;
        for (const id of await failedRunMails(tx, month)) if (await mails.sendAgain(tx, id)) again += 1;
        const who = userId === null ? 'by the schedule' : '';
        await audit(tx, {
          userId,
          event: 'created',
          message:
            `Month-end statements for ${monthName(month)} started${who ? ` ${who}` : ''}: ` +
            `${String(n + again)} partner${n + again === 1 ? '' : 's'} queued.`,
          propertyType: null,
          newValues: { month, queued: n, mailedAgain: again },
        });
        // Delivered at commit, to every instance listening (this one too).
        if (listen && n > 0) await tx.execute(sql`select pg_notify(${RUN_CHANNEL}, ${month})`);
        // Nothing to send (no partner has a statements user): the run has finished at once.
        if (n === 0) await closeMonthIfRunFinished(tx, month);
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
      if (listen)
        void listen(
          RUN_CHANNEL,
          () => void wake(),
          (err) => log.warn({ err: err.message }, 'the month-end LISTEN connection failed; reconnecting'),
        )
          .then((stop) => {
            if (stopped) void stop();
            else unlisten = stop;
          })
          .catch((err: unknown) => log.warn({ err }, 'month-end runs of other instances wait for the poll'));
      void wake();
    },

    /** Stops polling and waits for the job in hand, so a closing app leaves none half-sent. */
    async stopWorker() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await unlisten?.();
      unlisten = undefined;
      await draining;
    },

    /** Until the queue is empty: tests and the demo wait on it. */
    wake,
  };
}

export type StatementRun = ReturnType<typeof createStatementRun>;
