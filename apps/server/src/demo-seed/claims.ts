import {
  linesLeft,
  linesOnPayCents,
  refundDeductionLeftCents,
  refundLeftCents,
  RESPONSIBLE,
  returnCreditCents,
  splitCappedCents,
  spreadRefundDeduction,
} from '@bloomline/contract';

import type { Batch, Ids, World } from './context';
import { addMinutes, maxDate, minDate, sastDate } from './dates';
import type { FinanceLine, FinanceOrder } from './finance-lines';
import { RETURN_REASONS } from './names';
import type { Rng } from './random';

/** Which of an order's lines came back, which were refunded, and which claims stay open. */
export interface OrderClaims {
  returned: FinanceLine[];
  refunded: FinanceLine[];
  returnOpen: boolean;
  refundPending: boolean;
  /** A staff user, drawn from the seed's random numbers. */
  staff: () => number;
}

/**
 * An order's return and refund as the product writes them (issue 46: DECISIONS.md "Money that cannot go
 * wrong"): with the partner responsible, a return's credit notes are the on pay of the returned quantity and a
 * refund's deduction its on pay, each at most what is left on the line after the claims processed before it
 * (the contract's `linesLeft`, `returnCreditCents` and `spreadRefundDeduction`, the server's own rules); a
 * refund never gives back more than the order's value with delivery.
 */
export function orderClaims(
  world: World,
  rng: Rng,
  batch: Batch,
  ids: Ids,
  order: FinanceOrder,
  lines: FinanceLine[],
  { returned, refunded, returnOpen, refundPending, staff }: OrderClaims,
): void {
  const { clock, vat } = world;
  const now = clock.now;
  // What each line earned and what is left on it, by the contract's one rule, as processing reads it (issue 46):
  // a return's credit notes and a refund's deduction are bounded by it, in the order they were processed.
  const taken = new Map<number, number>();
  const partnerOf = new Map(lines.flatMap((l) => (l.partner ? [[l.partner.id, l.partner] as const] : [])));
  const boundsNow = () =>
    new Map(
      linesLeft(
        lines.map((l) => ({
          id: l.id,
          partnerId: l.partner?.id ?? null,
          valueCents: l.valueCents,
          quantity: l.quantity,
          earns: l.partner !== null && l.status !== 'rejected' && l.status !== 'cancel-confirmed',
          deductedCents: taken.get(l.id) ?? 0,
        })),
        (id) => partnerOf.get(id),
        vat,
      ).map((b) => [b.id, b]),
    );
  const take = (lineId: number, cents: number) => taken.set(lineId, (taken.get(lineId) ?? 0) + cents);
  /** The processing of each claim, run in the order they were processed. */
  const processing: { at: Date; run: () => void }[] = [];

  if (returned.length > 0) {
    const at = returned.reduce<Date>((m, l) => maxDate(m, l.returnedAt ?? order.createdAt), order.createdAt);
    const open = returnOpen;
    const returnId = ids.return.next();
    const processedAt = open ? null : minDate(now, addMinutes(at, rng.int(120, 4000)));
    const responsible = open ? null : (order.responsible ?? rng.pick(RESPONSIBLE));
    batch.returns.push({
      id: returnId,
      name: `${order.name}-R1`,
      orderId: order.id,
      status: open ? 'open' : 'processed',
      responsible,
      processedBy: open ? null : staff(),
      processedAt,
      createdAt: at,
      updatedAt: processedAt ?? at,
    });
    const rows = returned.map((l) => {
      const row: (typeof batch.returnLines)[number] = {
        id: ids.returnLine.next(),
        returnId,
        orderLineId: l.id,
        quantity: l.quantity,
        reason: rng.pick(RETURN_REASONS),
        reasonNote: rng.chance(0.4) ? 'Customer sent photos by email' : null,
        creditCents: 0,
      };
      batch.returnLines.push(row);
      return { line: l, row };
    });
    // A partner held responsible gets a credit note of the returned quantity's on pay, at most what is left.
    if (processedAt && responsible === 'Partner')
      processing.push({
        at: processedAt,
        run: () => {
          const bounds = boundsNow();
          for (const partner of new Set(returned.flatMap((l) => (l.partner ? [l.partner] : [])))) {
            const own = rows.filter((r) => r.line.partner === partner);
            for (const { line, row } of own) {
              const bound = bounds.get(line.id)!;
              row.creditCents = returnCreditCents(
                { ...bound, valueCents: line.valueCents, quantity: line.quantity },
                { before: 0, now: line.quantity },
                partner,
                vat,
              );
              take(line.id, row.creditCents);
            }
            const credit = own.reduce((n, r) => n + (r.row.creditCents ?? 0), 0);
            if (credit === 0) continue;
            batch.creditNotes.push({
              id: ids.creditNote.next(),
              partnerId: partner.id,
              orderId: order.id,
              returnId,
              kind: 'order',
              amountCents: credit,
              date: sastDate(processedAt),
              description: `Return ${order.name}-R1: ${String(own.reduce((n, r) => n + r.line.quantity, 0))} returned`,
              createdAt: processedAt,
            });
          }
        },
      });
  }

  if (refunded.length > 0) {
    const at = refunded.reduce<Date>((m, l) => maxDate(m, l.refundedAt ?? order.createdAt), order.createdAt);
    const pending = refundPending;
    const responsible = pending ? null : (order.responsible ?? rng.pick(RESPONSIBLE));
    const processedBy = pending ? null : staff();
    const refundId = ids.refund.next();
    const processedAt = pending ? null : minDate(now, addMinutes(at, rng.int(120, 4000)));
    const full = rng.chance(0.7);
    // Never more than is left of the order's value with delivery (the only refund of the order here).
    const left = refundLeftCents(order, 0);
    const wanted = refunded.map((l) =>
      full ? l.valueCents * l.quantity : Math.round((l.valueCents * l.quantity) / 2),
    );
    const amounts = splitCappedCents(
      Math.min(
        left,
        wanted.reduce((n, c) => n + c, 0),
      ),
      wanted,
    );
    const earned = boundsNow();
    const shareOf = new Map<number, (typeof batch.refundPartners)[number]>();
    const rows = refunded.map((l, i) => {
      // What the partner was paid for the refunded amount (at most what the line earned): the most it can take.
      const onPayAmountCents = l.partner
        ? Math.min(
            earned.get(l.id)!.earnedCents,
            linesOnPayCents([{ valueCents: amounts[i]!, quantity: 1 }], l.partner, vat),
          )
        : 0;
      let share: (typeof batch.refundPartners)[number] | undefined;
      if (l.partner) {
        share = shareOf.get(l.partner.id);
        if (!share) {
          share = {
            id: ids.refundPartner.next(),
            refundId,
            partnerId: l.partner.id,
            responsible,
            refundDeductionCents: 0,
            processedBy,
            createdAt: at,
          };
          shareOf.set(l.partner.id, share);
          batch.refundPartners.push(share);
        }
      }
      const row: (typeof batch.refundLines)[number] = {
        id: ids.refundLine.next(),
        refundId,
        refundPartnerId: share?.id ?? null,
        orderLineId: l.id,
        amountCents: amounts[i]!,
        onPayAmountCents,
        deductionCents: 0,
      };
      batch.refundLines.push(row);
      return { line: l, row, share };
    });
    const onPayAmount = rows.reduce((n, r) => n + r.row.onPayAmountCents!, 0);
    const refund: (typeof batch.refunds)[number] = {
      id: refundId,
      name: `${order.name}-RF1`,
      orderId: order.id,
      amountCents: amounts.reduce((n, c) => n + c, 0),
      onPayCents: pending ? null : 0,
      onPayAmountCents: onPayAmount,
      responsible,
      processedBy,
      processedAt,
      createdAt: at,
      updatedAt: processedAt ?? at,
    };
    batch.refunds.push(refund);
    // A partner held responsible: the refund's on pay, at most what is left on its lines (as processing allows).
    if (processedAt && responsible === 'Partner')
      processing.push({
        at: processedAt,
        run: () => {
          const bounds = boundsNow();
          const caps = rows.map((r) => ({
            onPayAmountCents: r.share ? r.row.onPayAmountCents! : 0,
            leftCents: bounds.get(r.line.id)!.leftCents,
          }));
          const deduction = refundDeductionLeftCents(caps);
          const parts = spreadRefundDeduction(deduction, caps);
          rows.forEach((r, i) => {
            r.row.deductionCents = parts[i]!;
            take(r.line.id, parts[i]!);
            if (r.share) r.share.refundDeductionCents = (r.share.refundDeductionCents ?? 0) + parts[i]!;
          });
          refund.onPayCents = deduction;
        },
      });
  }
  processing.sort((x, y) => x.at.getTime() - y.at.getTime());
  for (const step of processing) step.run();
}
