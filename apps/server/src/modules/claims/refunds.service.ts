import { eq } from 'drizzle-orm';

import type { Paged, Refund, RefundLine, RefundListQuery, Responsible } from '@bloomline/contract';
import {
  bearer,
  CLAIM_TEXTS,
  formatMoney,
  linesOnPayCents,
  type openRefundBody,
  refundDeductionLeftCents,
  type RefundedLineBound,
  splitCents,
  spreadRefundDeduction,
  todayInJohannesburg,
  toCents,
  toRand,
} from '@bloomline/contract';

import type { z } from 'zod';

import type { Db, DbOrTx } from '../../db/client';
import { orderHistory, orders, refundLines, refundPartners, refunds } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { transactionOnce } from '../../lib/idempotency';
import { conflict, found, ValidationError } from '../../lib/errors';
import { countedPageOf } from '../../lib/paged-list';
import { absoluteUrl } from '../../lib/urls';
import type { RequestAddress } from '../../lib/urls';
import type { SessionUser } from '../../plugins/session';
import { BILLED_STATUSES } from '../../shared/bills';
import { actorName, type LineRow, lock } from '../../shared/order-transitions';
import { readSettings } from '../../shared/settings.queries';
import { boundsOfOrder, boundsOfOrders, type OrderBounds, refundsLeft } from './claims-bounds';
import type { NotifyDeductions } from './claims-notices';
import { asResponsible, isoOf, moveClaimedLines, partnersForPay } from './claims-shared';
import {
  imagesOfProducts,
  lockRefund,
  refundCount,
  refundPageIds,
  refundRows,
  refundLinesOf,
  refundShares,
  refundsOfOrder,
  type RefundLineRow,
  setLineDeductions,
} from './refunds.queries';

type OpenInput = z.output<typeof openRefundBody>;

/** The processing body as the contract's schema leaves it (`onPay` read as rand). */
type ProcessInput = { responsible: Responsible; onPay?: number | undefined };

/** What each line of a refund can still take: its on pay there, at most what is left on the order line. */
const lineBoundsOf = (
  lines: readonly Pick<RefundLineRow, 'refundPartnerId' | 'onPayAmountCents' | 'orderLineId'>[],
  bounds: OrderBounds | undefined,
): RefundedLineBound[] =>
  lines.map((l) => ({
    // A line no partner held (unassigned, or the partner deleted since) is deducted from nobody.
    onPayAmountCents: l.refundPartnerId === null ? 0 : l.onPayAmountCents,
    leftCents: bounds?.lines.get(l.orderLineId)?.leftCents ?? 0,
  }));

/** The refund cards of some refunds, newest first, their pictures' URLs starting at `base`. */
async function cardsOf(db: DbOrTx, ids: number[], base: string): Promise<Refund[]> {
  if (ids.length === 0) return [];
  const rows = await refundRows(db, ids);
  const orderIds = [...new Set(rows.map((r) => r.order.id))];
  const bounds = await boundsOfOrders(
    db,
    rows.filter((r) => r.responsible === null).map((r) => r.order.id),
  );
  const left = await refundsLeft(db, orderIds);
  const productIds = [
    ...new Set(rows.flatMap((r) => r.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))),
  ];
  const images = await imagesOfProducts(db, productIds);
  const lineOf = (l: RefundLineRow): RefundLine => ({
    id: l.id,
    product: {
      title: l.productTitle ?? l.lineTitle,
      images: images
        .filter((i) => i.productId === l.productId)
        .map((i) => ({ url: absoluteUrl(base, i.url), altText: i.altText })),
    },
    productVariant: l.variantTitle === null ? null : { title: l.variantTitle },
    amount: toRand(l.amountCents),
    onPayAmount: toRand(l.onPayAmountCents),
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    amount: toRand(r.amountCents),
    onPay: r.onPayCents === null ? null : toRand(r.onPayCents),
    onPayAmount: toRand(r.onPayAmountCents),
    onPayLeft:
      r.responsible === null
        ? toRand(refundDeductionLeftCents(lineBoundsOf(r.lines, bounds.get(r.order.id))))
        : 0,
    responsible: asResponsible(r.responsible),
    processedAt: isoOf(r.processedAt),
    reason: r.reason,
    order: {
      id: r.order.id,
      name: r.order.name,
      value: toRand(r.order.totalValueCents - r.order.deliveryFeeCents),
      deliveryFee: toRand(r.order.deliveryFeeCents),
      refundLeft: toRand(left.get(r.order.id) ?? 0),
      firstName: r.order.firstName,
      lastName: r.order.lastName,
    },
    partners: r.shares.map((s) => ({
      id: s.id,
      partner: { id: s.partnerId, name: s.partnerName },
      responsible: asResponsible(s.responsible),
      refundDeduction: toRand(s.refundDeductionCents),
      processedBy: s.processedByName === null ? null : { name: s.processedByName },
      lines: r.lines.filter((l) => l.refundPartnerId === s.id).map(lineOf),
    })),
    lines: r.lines.map(lineOf),
  }));
}

/** What the audit log keeps of a refund: who bears it, what was deducted (cents) and from whom. */
interface AuditedRefund {
  id: number;
  amountCents?: number;
  responsible: string | null;
  onPayCents: number | null;
  processedBy: number | null;
  deductions?: Record<string, number>;
}
// Only a partner held responsible has a deduction; otherwise the log says who bears the refund (issue 46).
const trail = auditTrail('refund', (r: AuditedRefund) => ({
  ...(r.amountCents === undefined ? {} : { amount_cents: r.amountCents }),
  responsible: r.responsible,
  ...(r.responsible === 'Partner' ? { deduction_cents: r.onPayCents } : {}),
  ...(r.responsible !== null && r.responsible !== 'Partner' ? { borne_by: r.responsible } : {}),
  processed_by: r.processedBy,
  ...(r.deductions && r.responsible === 'Partner' ? { deductions: r.deductions } : {}),
}));

/**
 * Refunds from the shop (DECISIONS.md "Returns and refunds", "Money that cannot go wrong"): staff open one for
 * at most what is left of the order's value with delivery, read the cards and process one whose responsible
 * is still open. With the partner responsible the deduction (`onPay`) is at most what is left on the refunded
 * lines after earlier credit notes and refund deductions, spread over them by what each can still take
 * (`spreadRefundDeduction`); each partner's `refundDeduction` is their lines' part. A line no partner holds is
 * deducted from nobody. Otherwise nothing is deducted and history and audit say who bears the refund.
 */
export function createRefundsService({
  db,
  notify,
  baseUrl,
}: {
  db: Db;
  notify: NotifyDeductions;
  baseUrl: (request: RequestAddress) => string;
}) {
  const get = async (id: number, from: RequestAddress, on: DbOrTx = db): Promise<Refund> => {
    const [card] = await cardsOf(on, [id], baseUrl(from));
    return found(card);
  };

  return {
    list: async (q: RefundListQuery, path: string, from: RequestAddress): Promise<Paged<Refund>> => {
      const page = await countedPageOf(q, path, {
        rows: (p) => refundPageIds(db, q, p),
        count: () => refundCount(db, q),
      });
      return {
        data: await cardsOf(
          db,
          page.data.map((r) => r.id),
          baseUrl(from),
        ),
        meta: page.meta,
      };
    },

    get,

    /**
     * Opens a refund on an order (POST /api/orders/{id}/refunds): the amount given back to the customer (above
     * 0, at most the order's value excl. delivery) spread over the chosen delivered lines by their value, to
     * the cent; each line's on pay amount is what its partner was paid for that part of it (never more than
     * the line's own on pay). The lines keep their status: processing moves them to refund.
     */
    open: async (user: SessionUser, orderId: number, input: OpenInput, from: RequestAddress) => {
      // One transaction with the key of a retry (lib/idempotency.ts): the card answered is read inside it.
      return transactionOnce(db, async (tx) => {
        const { order, lines } = await lock(tx, orderId);
        const errors: Record<string, string[]> = {};
        const chosen: LineRow[] = [];
        input.lines.forEach((lineId, i) => {
          const line = lines.find((l) => l.id === lineId);
          const key = `lines.${String(i)}`;
          if (!line) errors[key] = [CLAIM_TEXTS.notOnOrder];
          else if (chosen.includes(line)) errors[key] = [CLAIM_TEXTS.sameLineTwice];
          else if (!BILLED_STATUSES.has(line.status as never))
            errors[key] = [CLAIM_TEXTS.refundLineNotDelivered];
          else chosen.push(line);
        });
        // The order is locked: refunds opened at once queue here, and each sees what the ones before it took.
        const leftCents = (await refundsLeft(tx, [orderId])).get(orderId) ?? 0;
        const amountCents = toCents(input.amount);
        if (amountCents > leftCents)
          errors.amount = [CLAIM_TEXTS.refundAboveLeft(formatMoney(toRand(leftCents)))];
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const bounds = await boundsOfOrder(tx, orderId);

        const people = await partnersForPay(tx, [
          ...new Set(chosen.flatMap((l) => (l.partnerId === null ? [] : [l.partnerId]))),
        ]);
        const { vat } = await readSettings(tx);
        const amounts = splitCents(
          amountCents,
          chosen.map((l) => l.valueCents * l.quantity),
        );
        const name = `${order.name}-RF${String((await refundsOfOrder(tx, orderId)) + 1)}`;
        const now = new Date();
        const perLine = chosen.map((l, i) => {
          const partner = l.partnerId === null ? undefined : people.get(l.partnerId);
          const whole = partner ? (bounds.lines.get(l.id)?.earnedCents ?? 0) : 0;
          // By the terms the line was assigned with (issue 46), as what it earned was worked out.
          const rule = l.partnerId === null ? undefined : bounds.ruleOf(l.partnerId);
          const part =
            partner && rule
              ? linesOnPayCents([{ valueCents: amounts[i]!, quantity: 1 }], rule, rule.vat ?? vat)
              : 0;
          return { line: l, partner, amountCents: amounts[i]!, onPayCents: Math.min(whole, part) };
        });
        const [created] = await tx
          .insert(refunds)
          .values({
            name,
            orderId,
            amountCents,
            onPayAmountCents: perLine.reduce((s, l) => s + l.onPayCents, 0),
            reason: input.reason ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: refunds.id });
        const refundId = created!.id;
        const shareOf = new Map<number, number>();
        for (const { line, partner, amountCents: lineAmount, onPayCents } of perLine) {
          let share: number | null = null;
          if (partner) {
            share = shareOf.get(partner.id) ?? null;
            if (share === null) {
              const [row] = await tx
                .insert(refundPartners)
                .values({ refundId, partnerId: partner.id, createdAt: now })
                .returning({ id: refundPartners.id });
              share = row!.id;
              shareOf.set(partner.id, share);
            }
          }
          await tx.insert(refundLines).values({
            refundId,
            refundPartnerId: share,
            orderLineId: line.id,
            amountCents: lineAmount,
            onPayAmountCents: onPayCents,
          });
        }
        await tx.update(orders).set({ hasRefund: true, updatedAt: now }).where(eq(orders.id, orderId));
        const actor = await actorName(tx, user);
        await tx.insert(orderHistory).values({
          orderId,
          userId: user.id,
          message: `${actor} opened refund ${name} of ${formatMoney(input.amount)}`,
          status: null,
        });
        await trail.created(tx, {
          userId: user.id,
          record: { id: refundId, responsible: null, onPayCents: null, processedBy: null, amountCents },
          message: `Refund ${name} of ${formatMoney(input.amount)} on order ${order.name} opened.`,
        });
        return get(refundId, from, tx);
      });
    },

    /**
     * Processes a refund whose responsible is open (409 otherwise); answers its card as it now is. With the
     * partner responsible, `onPay` is at most what is left on the refunded lines (422 naming it), spread over
     * them by what each can still take; otherwise nothing is deducted and history says who bears it.
     */
    process: async (user: SessionUser, id: number, input: ProcessInput, from: RequestAddress) => {
      const { responsible } = input;
      return transactionOnce(db, async (tx) => {
        // The refund first, locked: a second process of the same refund waits here and then finds it processed.
        const before = found(await lockRefund(tx, id));
        if (before.responsible !== null) throw conflict(CLAIM_TEXTS.refundProcessed);
        // Then the order: every claim on it queues here, so what is left is read after the one before wrote.
        await lock(tx, before.orderId);
        const lines = await refundLinesOf(tx, id);
        const caps = lineBoundsOf(lines, await boundsOfOrder(tx, before.orderId));
        const leftCents = refundDeductionLeftCents(caps);
        const onPayCents = responsible === 'Partner' ? toCents(input.onPay ?? 0) : 0;
        if (onPayCents > leftCents)
          throw ValidationError.field(
            'onPay',
            CLAIM_TEXTS.deductionAboveLeft(formatMoney(toRand(leftCents))),
          );
        const perLine = spreadRefundDeduction(onPayCents, caps);
        await setLineDeductions(
          tx,
          lines.map((l, i) => ({ id: l.id, cents: perLine[i]! })),
        );
        const deducted = formatMoney(toRand(onPayCents));
        const borne =
          responsible === 'Partner'
            ? `${deducted} deducted from the partner`
            : `${bearer(responsible)} bears the refund`;
        const { order } = await moveClaimedLines(tx, user, {
          orderId: before.orderId,
          lineIds: new Set(lines.map((l) => l.orderLineId)),
          to: 'refund',
          message: `processed refund ${before.name} (${responsible} responsible: ${borne})`,
        });
        const shares = await refundShares(tx, id);
        const deductions = shares.map((s) => ({
          partnerId: s.partnerId,
          cents: lines.reduce((sum, l, i) => sum + (l.refundPartnerId === s.id ? perLine[i]! : 0), 0),
        }));
        for (const [i, share] of shares.entries()) {
          await tx
            .update(refundPartners)
            .set({ responsible, refundDeductionCents: deductions[i]!.cents, processedBy: user.id })
            .where(eq(refundPartners.id, share.id));
        }
        const now = new Date();
        await tx
          .update(refunds)
          .set({ responsible, onPayCents, processedBy: user.id, processedAt: now, updatedAt: now })
          .where(eq(refunds.id, id));
        await trail.updated(tx, {
          userId: user.id,
          before,
          after: {
            id,
            responsible,
            onPayCents,
            processedBy: user.id,
            deductions: Object.fromEntries(shares.map((s, i) => [s.partnerName, deductions[i]!.cents])),
          },
          message: `Refund ${before.name} of order ${order.name} processed: ${responsible} responsible, ${borne}.`,
        });
        const amount = formatMoney(toRand(before.amountCents));
        // The partners' e-mails are written with the deduction, in this transaction.
        await notify(tx, {
          order,
          day: todayInJohannesburg(now),
          deductions,
          why: `the refund ${before.name} of ${amount} to the customer`,
        });
        return get(id, from, tx);
      });
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
