import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { formatMoney, toRand } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { partners } from '../../db/schema';
import type { QueueMail } from '../../lib/mail-queue';

export interface NoticeDeps {
  queueMail: QueueMail;
  appUrl: string;
  log: FastifyBaseLogger;
}

/** What one processed return or refund took from each partner's pay. */
export interface DeductionNotice {
  order: { id: number; name: string };
  /** Why, as one sentence: "the return #BL10234-R1 of 2 items (Damaged: 2)". */
  why: string;
  /** The Johannesburg day it was processed (YYYY-MM-DD): the statement month it shows in. */
  day: string;
  deductions: { partnerId: number; cents: number }[];
}

const monthFormat = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "November 2026" for a day of that month. */
export const statementMonth = (day: string) =>
  monthFormat.format(new Date(`${day.slice(0, 7)}-15T12:00:00Z`));

/** The e-mail a partner receives about a deduction from their pay. */
export function deductionMail(
  partnerName: string,
  notice: Pick<DeductionNotice, 'order' | 'why' | 'day'>,
  cents: number,
  appUrl: string,
) {
  const amount = formatMoney(toRand(cents));
  return {
    subject: `Deduction of ${amount} for order ${notice.order.name}`,
    text: [
      `Hello ${partnerName},`,
      '',
      `${amount} has been deducted from your pay for order ${notice.order.name}.`,
      `Why: ${notice.why}, and you were held responsible.`,
      `The deduction shows on your statement for ${statementMonth(notice.day)}.`,
      '',
      `The order: ${appUrl}/order/${String(notice.order.id)}`,
    ].join('\n'),
  };
}

/**
 * Writes each partner with a deduction above nothing an e-mail at their business address, in the transaction
 * of the deduction itself (DECISIONS.md "Money that cannot go wrong"): the mail and its job commit with the
 * credit note or refund deduction, so a crash after the commit loses neither, and a refused or rolled-back
 * change writes nothing. A partner without a business address is skipped with a log line.
 */
export function notifierOfDeductions({ queueMail, appUrl, log }: NoticeDeps) {
  return async (tx: DbOrTx, notice: DeductionNotice) => {
    const owed = notice.deductions.filter((d) => d.cents > 0);
    if (owed.length === 0) return;
    const rows = await tx
      .select({ id: partners.id, name: partners.name, businessEmail: partners.businessEmail })
      .from(partners)
      .where(
        inArray(
          partners.id,
          owed.map((d) => d.partnerId),
        ),
      );
    for (const { partnerId, cents } of owed) {
      const partner = rows.find((p) => p.id === partnerId);
      const to = partner?.businessEmail?.trim();
      if (!partner || !to) {
        log.info(
          { partnerId, orderId: notice.order.id },
          'deduction not e-mailed: the partner has no business address',
        );
        continue;
      }
      await queueMail(tx, { kind: 'deduction', to, ...deductionMail(partner.name, notice, cents, appUrl) });
    }
  };
}
export type NotifyDeductions = ReturnType<typeof notifierOfDeductions>;
