import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import type {
  ClosedMonths,
  createPayoutBody,
  Paged,
  PageQuery,
  PayoutCreated,
  PayoutDetail,
  PayoutDue,
  PayoutRun,
  PayoutRunListQuery,
  WholesalePurchase,
  wholesaleBody,
} from '@bloomline/contract';
import {
  firstDayOf,
  formatMoney,
  PAYOUT_TEXTS,
  todayInJohannesburg,
  toCents,
  toRand,
  WHOLESALE_TEXTS,
} from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { creditNotes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { transactionOnce } from '../../lib/idempotency';
import { found, notFound, ValidationError } from '../../lib/errors';
import type { QueueMail } from '../../lib/mail-queue';
import { countedPageOf } from '../../lib/paged-list';
import type { SessionUser } from '../../plugins/session';
import {
  checkDayIsOpen,
  checkNotClosed,
  closedMonthList,
  firstOpenMonth,
  lockForClosing,
} from '../../shared/closed-months';
import { payOut, payoutDues } from '../../shared/payouts';
import {
  partnerExists,
  payoutById,
  payoutRunCount,
  payoutRunPage,
  paymentsOfPayout,
  remittanceOf,
  wholesaleCount,
  wholesalePage,
} from './payouts.queries';

type CreateInput = z.output<typeof createPayoutBody>;
type WholesaleInput = z.output<typeof wholesaleBody>;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "07 Nov 2026", as the screens write a day. */
const shownDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/** The remittance e-mail: what was paid, on which day, and for which bills less which deductions. */
export function remittanceMail(
  partnerName: string,
  payment: { amountCents: number; paidAt: string; reference: string | null },
  detail: Awaited<ReturnType<typeof remittanceOf>>,
) {
  const amount = formatMoney(toRand(payment.amountCents));
  const billTotal = detail.bills.reduce((s, b) => s + b.cents, 0);
  const deductionTotal = detail.deductions.reduce((s, d) => s + d.cents, 0);
  return {
    subject: `Remittance: ${amount} paid on ${shownDay(payment.paidAt)}`,
    text: [
      `Hello ${partnerName},`,
      '',
      `Bloomline paid ${amount} into your bank account on ${shownDay(payment.paidAt)} (reference ${payment.reference ?? ''}).`,
      '',
      `Bills paid (${String(detail.bills.length)}): ${formatMoney(toRand(billTotal))}`,
      ...detail.bills.map(
        (b) => `  ${b.order_name}  delivered ${shownDay(b.day)}  ${formatMoney(toRand(b.cents))}`,
      ),
      '',
      `Deductions settled (${String(detail.deductions.length)}): -${formatMoney(toRand(deductionTotal))}`,
      ...detail.deductions.map((d) => `  ${d.label}  ${shownDay(d.day)}  -${formatMoney(toRand(d.cents))}`),
      '',
      `Paid: ${amount}`,
    ].join('\n'),
  };
}

/**
 * Payouts and wholesale purchases (DECISIONS.md "The money cycle on real orders"): staff with managePayouts
 * see what each partner is due up to a day and pay the partners they choose (shared/payouts.ts `payOut`, one
 * transaction); each partner paid is sent a remittance e-mail, queued in that transaction (lib/mail-queue.ts:
 * sent once it commits, retried when it fails); the bank's bulk-payment file is made from the payout's payments.
 */
export function createPayoutsService({
  db,
  queueMail,
  log,
}: {
  db: Db;
  queueMail: QueueMail;
  log: FastifyBaseLogger;
}) {
  const detail = async (id: number): Promise<PayoutDetail> => {
    const run = found(await payoutById(db, id));
    const paid = await paymentsOfPayout(db, id);
    return {
      id: run.id,
      upTo: run.upTo,
      paidAt: run.paidAt,
      reference: run.reference,
      createdAt: run.createdAt.toISOString(),
      createdBy: run.createdByName === null ? null : { name: run.createdByName },
      total: toRand(paid.reduce((s, p) => s + p.amountCents, 0)),
      partnerCount: paid.length,
      payments: paid.map((p) => ({
        id: p.id,
        partner: { id: p.partnerId, name: p.name },
        amount: toRand(p.amountCents),
      })),
    };
  };

  /** A remittance e-mail to each partner paid that has a business address, in the payout's transaction. */
  async function queueRemittances(tx: DbOrTx, payoutId: number) {
    for (const p of await paymentsOfPayout(tx, payoutId)) {
      const to = p.businessEmail?.trim();
      if (!to) {
        log.info({ partnerId: p.partnerId, payoutId }, 'remittance not e-mailed: no business address');
        continue;
      }
      const mail = remittanceMail(p.name, p, await remittanceOf(tx, p.id));
      await queueMail(tx, { kind: 'remittance', to, ...mail });
    }
  }

  return {
    dues: async (upTo: string): Promise<PayoutDue[]> =>
      (await payoutDues(db, upTo)).map((r) => ({
        partner: { id: r.id, name: r.name },
        bills: toRand(r.bills),
        deductions: toRand(r.deductions),
        due: toRand(r.bills - r.deductions),
        bankReady: r.bank_ready,
        bankState: r.bank_state,
        enabled: r.enabled,
      })),

    create: async (user: SessionUser, input: CreateInput): Promise<PayoutCreated> => {
      const today = todayInJohannesburg();
      const errors: Record<string, string[]> = {};
      if (input.upTo > today) errors.upTo = [PAYOUT_TEXTS.upToFuture];
      if (input.paidAt > today) errors.paidAt = ['Paid on cannot be after today.'];
      else if (input.paidAt < input.upTo) errors.paidAt = ['Paid on cannot be before the up to day.'];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return transactionOnce(db, async (tx) => {
        // A payment dated in a closed month would change that month's statement (issue 46).
        await lockForClosing(tx);
        await checkNotClosed(tx, input.paidAt, 'paidAt');
        const ids = [...new Set(input.partnerIds)];
        const known = await Promise.all(ids.map((id) => partnerExists(tx, id)));
        if (known.some((k) => k === null))
          throw ValidationError.field('partnerIds', PAYOUT_TEXTS.unknownPartner);
        // payOut refuses partners due money whose bank details are incomplete or unconfirmed (issue 46),
        // reading them under the partners' row locks.
        const result = await payOut(tx, { ...input, partnerIds: ids, userId: user.id });
        if (!result) throw ValidationError.field('partnerIds', PAYOUT_TEXTS.nothingDue);
        await queueRemittances(tx, result.id);
        return {
          id: result.id,
          payments: result.payments.map((p) => ({
            id: p.id,
            partner: { id: p.partnerId, name: p.name },
            amount: toRand(p.amountCents),
          })),
        };
      });
    },

    runs: async (q: PayoutRunListQuery, path: string): Promise<Paged<PayoutRun>> => {
      const page = await countedPageOf(q, path, {
        rows: (p) => payoutRunPage(db, p),
        count: () => payoutRunCount(db),
      });
      return {
        data: page.data.map((r) => ({
          id: r.id,
          upTo: r.upTo,
          paidAt: r.paidAt,
          reference: r.reference,
          createdAt: r.createdAt.toISOString(),
          createdBy: r.createdByName === null ? null : { name: r.createdByName },
          total: toRand(r.totalCents),
          partnerCount: r.partnerCount,
        })),
        meta: page.meta,
      };
    },

    detail,

    /** The first open month (the wholesale dialog's earliest day) and the months recorded closed. */
    closedMonths: async (): Promise<ClosedMonths> => {
      const open = await firstOpenMonth(db);
      return { firstOpenMonth: open, firstOpenDay: firstDayOf(open), closed: await closedMonthList(db) };
    },

    /** The bank file's rows: one per payment, with the bank details the payment was made to (its copy). */
    bankFileRows: async (id: number) => {
      const run = found(await payoutById(db, id));
      return { run, rows: await paymentsOfPayout(db, id) };
    },

    wholesale: async (partnerId: number, q: PageQuery, path: string): Promise<Paged<WholesalePurchase>> => {
      if (!(await partnerExists(db, partnerId))) throw notFound();
      const page = await countedPageOf(q, path, {
        rows: (p) => wholesalePage(db, partnerId, p),
        count: () => wholesaleCount(db, partnerId),
      });
      return {
        data: page.data.map((r) => ({
          id: r.id,
          date: r.date,
          description: r.description,
          amount: toRand(r.amountCents),
          settled: r.paymentId !== null,
          createdAt: r.createdAt.toISOString(),
        })),
        meta: page.meta,
      };
    },

    addWholesale: async (
      user: SessionUser,
      partnerId: number,
      input: WholesaleInput,
    ): Promise<WholesalePurchase> => {
      return transactionOnce(db, async (tx) => {
        const partner = await partnerExists(tx, partnerId);
        if (!partner) throw notFound();
        // At most today, never in a closed month (issue 46): a closed month's statements never change.
        await checkDayIsOpen(tx, input.date, 'date', WHOLESALE_TEXTS.futureDate);
        const amountCents = toCents(input.amount);
        const [row] = await tx
          .insert(creditNotes)
          .values({
            partnerId,
            orderId: null,
            kind: 'wholesale',
            amountCents,
            date: input.date,
            description: input.description,
            createdBy: user.id,
          })
          .returning();
        await audit(tx, {
          userId: user.id,
          event: 'created',
          message: `Wholesale purchase of ${formatMoney(input.amount)} for ${partner.name} recorded (${input.description})`,
          propertyType: 'credit note',
          propertyId: row!.id,
          newValues: {
            kind: 'wholesale',
            partner_id: partnerId,
            amount_cents: amountCents,
            date: input.date,
          },
        });
        return {
          id: row!.id,
          date: row!.date,
          description: row!.description,
          amount: toRand(row!.amountCents),
          settled: false,
          createdAt: row!.createdAt.toISOString(),
        };
      });
    },
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
