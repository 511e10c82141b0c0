import { MAIL_KINDS, MAIL_TEXTS, type MailListItem, type MailListQuery } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, found } from '../../lib/errors';
import type { MailQueue } from '../../lib/mail-queue';
import { pageOf } from '../../lib/paged-list';
import { mailById, mailCount, mailPage } from './mails.queries';

type MailRow = NonNullable<Awaited<ReturnType<typeof mailById>>>;

const item = (row: MailRow): MailListItem => ({
  ...row,
  kindLabel: MAIL_KINDS[row.kind as keyof typeof MAIL_KINDS] ?? row.kind,
  status: row.status as MailListItem['status'],
});

/** The e-mails staff look after: the ones that failed on every try, and "send again". */
export function createMailsService({ db, mails }: { db: Db; mails: Pick<MailQueue, 'sendAgain'> }) {
  return {
    async list(request: MailListQuery, path: string) {
      const page = await pageOf(request, path, {
        rows: (p) => mailPage(db, request, p),
        count: () => mailCount(db, request),
      });
      return { ...page, data: page.data.map(item) };
    },

    /** Queues a failed mail again (its tries start over); 409 when it is not failed. */
    async sendAgain(userId: number, id: number): Promise<MailListItem> {
      return db.transaction(async (tx) => {
        const mail = found(await mailById(tx, id));
        if (!(await mails.sendAgain(tx, id))) throw conflict(MAIL_TEXTS.notFailed);
        await audit(tx, {
          userId,
          event: 'updated',
          message: `E-mail "${mail.subject}" to ${mail.to} sent again.`,
          propertyType: null,
          newValues: { mail: id, status: 'queued' },
        });
        return item(found(await mailById(tx, id)));
      });
    },
  };
}

export type MailsService = ReturnType<typeof createMailsService>;
