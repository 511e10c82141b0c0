import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a statement's PDF). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message to `<data dir>/outbox/` as JSON
 * and to the log, so a developer (and the end-to-end tests) can read password-reset links. Each attachment is
 * written beside its message (`<message>-<filename>`, named in the JSON as `file`), so what was sent can be
 * opened.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content,
          })),
        });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(opts.outboxDir, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
      const file = path.join(opts.outboxDir, `${base}.json`);
      // The files first: once the message is there, so is everything it names.
      const attachments = await Promise.all(
        (mail.attachments ?? []).map(async (a) => {
          const name = `${base}-${path.basename(a.filename).replace(/[^\w.-]+/g, '_')}`;
          await writeFile(path.join(opts.outboxDir, name), a.content);
          return { filename: a.filename, contentType: a.contentType, size: a.content.length, file: name };
        }),
      );
      // Written beside it and renamed into place, so whoever reads the outbox never finds half a message.
      const part = `${file}.part`;
      await writeFile(
        part,
        // An attachment is recorded by its name, type, size and the file beside the message that holds it.
        JSON.stringify(
          {
            from: opts.from,
            ...mail,
            attachments: mail.attachments ? attachments : undefined,
            createdAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      await rename(part, file);
      opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to outbox (SMTP_URL not set)',
      );
    },
  };
}
