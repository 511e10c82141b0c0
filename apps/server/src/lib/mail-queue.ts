import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/bulk';
import type { StoredAttachment } from '../db/schema';
import type { Jobs } from './jobs';
import type { Mail, Mailer } from './mailer';

/** What a mail is about: the failed list says it in words (the contract's `MAIL_KINDS`). */
export type MailKind =
  'password-reset' | 'welcome' | 'assignment' | 'deduction' | 'remittance' | 'statement' | 'bank-details';

export type QueuedMail = Mail & { kind: MailKind };

/**
 * The one way a module sends an e-mail: `queueMail(tx, mail)` in the transaction of the change it tells
 * about. It writes the mail (`mails`) and its job; the job sends it after the commit and tries again with
 * growing waits; a mail still failing after its last try is listed for staff with the reason. Resolves to the
 * mail's id.
 */
export type QueueMail = (db: DbOrTx, mail: QueuedMail) => Promise<number>;

export const MAIL_QUEUE = 'mail';

type MailRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  attachments: StoredAttachment[];
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export interface MailQueueOptions {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Tries in all (the first and the retries). */
  attempts: number;
  /** The wait before the first retry, in seconds; each next wait is twice the last. */
  retrySeconds: number;
}

export function createMailQueue({ db, jobs, mailer, log, attempts, retrySeconds }: MailQueueOptions) {
  jobs.queue({
    name: MAIL_QUEUE,
    retryLimit: Math.max(0, attempts - 1),
    retryDelay: Math.max(1, Math.round(retrySeconds)),
    retryBackoff: true,
    // A try that has not finished in five minutes is taken to be lost with its process, and tried again.
    expireInSeconds: 300,
  });

  jobs.work<{ mailId: number }>(MAIL_QUEUE, async (job) => {
    const [mail] = await rowsOf<MailRow>(
      db,
      sql`select id, "to", subject, text, status, attachments from mails where id = ${job.data.mailId}`,
    );
    // Gone, or already sent (a retry of a try that sent it but died before saying so): nothing to do.
    if (!mail || mail.status === 'sent') return;
    try {
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
    } catch (failure) {
      const last = job.retryCount >= job.retryLimit;
      await db.execute(
        sql`update mails set attempts = attempts + 1, error = ${errorText(failure)}, last_tried_at = now(),
              status = ${last ? 'failed' : 'queued'}, updated_at = now() where id = ${mail.id}`,
      );
      log.warn(
        { mail: mail.id, attempt: job.retryCount + 1, last, err: failure },
        last ? 'e-mail not sent; no tries left' : 'e-mail not sent; it is tried again later',
      );
      throw failure;
    }
    await db.execute(
      sql`update mails set status = 'sent', attempts = attempts + 1, error = null, last_tried_at = now(),
            sent_at = now(), updated_at = now() where id = ${mail.id}`,
    );
  });

  const queueMail: QueueMail = async (tx, mail) => {
    const attachments: StoredAttachment[] = (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content.toString('base64'),
    }));
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into mails (kind, "to", subject, text, attachments)
          values (${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.text}, ${JSON.stringify(attachments)}::jsonb)
          returning id`,
    );
    const id = row!.id;
    await jobs.send(MAIL_QUEUE, { mailId: id }, tx);
    // Outside a transaction the job is there already; inside one it is there once the change commits, which a
    // second look a moment later usually finds (else the worker's next poll does).
    jobs.nudge(MAIL_QUEUE);
    setTimeout(() => jobs.nudge(MAIL_QUEUE), 100).unref();
    return id;
  };

  return {
    queueMail,
    /** Queues a failed mail once more, as new (its tries start again); false when it is not failed. */
    async sendAgain(tx: DbOrTx, id: number): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`update mails set status = 'queued', attempts = 0, updated_at = now()
            where id = ${id} and status = 'failed' returning id`,
      );
      if (rows.length === 0) return false;
      await jobs.send(MAIL_QUEUE, { mailId: id }, tx);
      return true;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
