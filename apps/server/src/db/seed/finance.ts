import type { LineStatus, Responsible } from '@bloomline/contract';
import { linesOnPayCents, RESPONSIBLE } from '@bloomline/contract';

import type { DbOrTx } from '../client';
import { creditNotes, payments } from '../schema';
import type { Batch, Ids, Ledger, World } from './context';
import { ledgerEntry } from './context';
import { addDays, addMinutes, addMonths, daysBetween, maxDate, minDate, sastDate } from './dates';
import { insertMany } from '../bulk';
import { RETURN_REASONS } from './names';
import type { Partner } from './partners';
import { Rng } from './random';

const BILLED: ReadonlySet<LineStatus> = new Set(['delivered', 'return', 'refund']);

/**
 * On pay of DECISIONS.md: the partner's line values less commission, plus the delivery fee when the
 * partner delivers, plus VAT when the partner is VAT registered. (The contract's pricing module owns the
 * formula for the app; this copy only has to give believable demo amounts.)
 */
export function onPayCents(
  lineValueCents: number,
  deliveryFeeCents: number,
  partner: Partner,
  vat: number,
): number {
  const excl = Math.round(lineValueCents * (1 - partner.commission)) + deliveryFeeCents;
  return partner.vatRegistered ? Math.round(excl * (1 + vat)) : excl;
}

export interface FinanceLine {
  id: number;
  partner: Partner | null;
  status: LineStatus;
  valueCents: number;
  quantity: number;
  partnerDelivers: boolean;
  deliveredAt: Date | null;
  /** When the line became a return / refund. */
  returnedAt: Date | null;
  refundedAt: Date | null;
  viaReturn: boolean;
}

export interface FinanceOrder {
  id: number;
  name: string;
  createdAt: Date;
  deliveryDate: string | null;
  deliveryFeeCents: number;
  totalValueCents: number;
  placedBy: Partner | null;
  cancelled: boolean;
  /** A showcase order whose return stays open and refund unprocessed (DECISIONS.md "Demo data"). */
  claimsOpen: boolean;
  /** A showcase order's processed return or refund: who bore it. */
  responsible: Responsible | null;
}

/** Bills, credit notes, returns and refunds of one order; returns whether it has a return and a refund. */
export function orderFinance(
  world: World,
  rng: Rng,
  batch: Batch,
  ids: Ids,
  ledger: Ledger,
  order: FinanceOrder,
  lines: readonly FinanceLine[],
): { hasReturn: boolean; hasRefund: boolean } {
  const { clock, vat } = world;
  const now = clock.now;
  const staff = () => rng.pick(world.people.staffIds);

  // A bill per partner with delivered work; paid with the monthly EFT run on the 7th of the next month.
  const byPartner = new Map<Partner, FinanceLine[]>();
  for (const l of lines) {
    if (!l.partner || !BILLED.has(l.status)) continue;
    byPartner.set(l.partner, [...(byPartner.get(l.partner) ?? []), l]);
  }
  for (const [partner, own] of byPartner) {
    const value = own.reduce((s, l) => s + l.valueCents * l.quantity, 0);
    const fee = own.some((l) => l.partnerDelivers) ? order.deliveryFeeCents : 0;
    const amount = onPayCents(value, fee, partner, vat);
    const deliveredOn = order.deliveryDate ?? clock.today;
    const payDay = `${addMonths(deliveredOn, 1).slice(0, 7)}-07`;
    const paid = payDay <= clock.today && !rng.chance(0.01);
    const createdAt = own.reduce<Date>(
      (m, l) => maxDate(m, l.deliveredAt ?? order.createdAt),
      order.createdAt,
    );
    batch.bills.push({
      id: ids.bill.next(),
      orderId: order.id,
      partnerId: partner.id,
      amountCents: amount,
      paid,
      paidAt: paid ? payDay : null,
      createdAt,
      updatedAt: createdAt,
    });
    if (paid) ledgerEntry(ledger, partner.id, deliveredOn.slice(0, 7)).paid += amount;
    // Now and then a complaint is settled by crediting the customer at the partner's cost.
    if (rng.chance(0.02)) {
      const date = minDateString(addDays(deliveredOn, rng.int(1, 4)), clock.today);
      const credit = rng.pick([5000, 7500, 10000, 15000]);
      batch.creditNotes.push({
        id: ids.creditNote.next(),
        partnerId: partner.id,
        orderId: order.id,
        kind: 'order',
        amountCents: credit,
        date,
        description: rng.pick(['Late delivery', 'Quality complaint', 'Wrong colour flowers']),
        createdAt: addMinutes(createdAt, 60),
      });
      ledgerEntry(ledger, partner.id, date.slice(0, 7)).deductions += credit;
    }
  }

  // In-store (relay) orders: the placing florist took the customer's money, so the value is deducted.
  if (order.placedBy && !order.cancelled) {
    const date = sastDate(order.createdAt);
    batch.creditNotes.push({
      id: ids.creditNote.next(),
      partnerId: order.placedBy.id,
      orderId: order.id,
      kind: 'instore',
      amountCents: order.totalValueCents,
      date,
      description: `In-store order ${order.name}`,
      createdAt: order.createdAt,
    });
    ledgerEntry(ledger, order.placedBy.id, date.slice(0, 7)).deductions += order.totalValueCents;
  }

  const age = order.deliveryDate ? daysBetween(order.deliveryDate, clock.today) : 0;
  const returned = lines.filter((l) => l.status === 'return' || (l.status === 'refund' && l.viaReturn));
  if (returned.length > 0) {
    const at = returned.reduce<Date>((m, l) => maxDate(m, l.returnedAt ?? order.createdAt), order.createdAt);
    const open =
      returned.some((l) => l.status === 'return') &&
      (order.claimsOpen || (!order.responsible && age < 12 && rng.chance(0.6)));
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
    // A partner held responsible gets a credit note of the returned quantity's on pay (as processing does).
    if (processedAt && responsible === 'Partner') {
      const date = sastDate(processedAt);
      for (const partner of new Set(returned.flatMap((l) => (l.partner ? [l.partner] : [])))) {
        const own = returned.filter((l) => l.partner === partner);
        const credit = linesOnPayCents(own, partner, vat);
        if (credit === 0) continue;
        batch.creditNotes.push({
          id: ids.creditNote.next(),
          partnerId: partner.id,
          orderId: order.id,
          kind: 'order',
          amountCents: credit,
          date,
          description: `Return ${order.name}-R1: ${String(own.reduce((n, l) => n + l.quantity, 0))} returned`,
          createdAt: processedAt,
        });
        ledgerEntry(ledger, partner.id, date.slice(0, 7)).deductions += credit;
      }
    }
    for (const l of returned) {
      batch.returnLines.push({
        id: ids.returnLine.next(),
        returnId,
        orderLineId: l.id,
        quantity: l.quantity,
        reason: rng.pick(RETURN_REASONS),
        reasonNote: rng.chance(0.4) ? 'Customer sent photos by email' : null,
      });
    }
  }

  const refunded = lines.filter((l) => l.status === 'refund');
  if (refunded.length > 0) {
    const at = refunded.reduce<Date>((m, l) => maxDate(m, l.refundedAt ?? order.createdAt), order.createdAt);
    const pending = order.claimsOpen || (!order.responsible && age < 15 && rng.chance(0.5));
    const responsible = pending ? null : (order.responsible ?? rng.pick(RESPONSIBLE));
    const deducted = responsible === 'Partner';
    const processedBy = pending ? null : staff();
    const refundId = ids.refund.next();
    const processedAt = pending ? null : minDate(now, addMinutes(at, rng.int(120, 4000)));
    const full = rng.chance(0.7);
    let amount = 0;
    let onPayAmount = 0;
    const partnerIds = new Map<number, number>();
    for (const l of refunded) {
      const lineAmount = full ? l.valueCents * l.quantity : Math.round((l.valueCents * l.quantity) / 2);
      // What the partner was paid for the refunded amount; deducted from them only when they bear it.
      const lineOnPay = l.partner
        ? linesOnPayCents([{ valueCents: lineAmount, quantity: 1 }], l.partner, vat)
        : 0;
      const lineDeduction = deducted ? lineOnPay : 0;
      amount += lineAmount;
      onPayAmount += lineOnPay;
      let refundPartnerId: number | null = null;
      if (l.partner) {
        refundPartnerId = partnerIds.get(l.partner.id) ?? null;
        if (refundPartnerId === null) {
          refundPartnerId = ids.refundPartner.next();
          partnerIds.set(l.partner.id, refundPartnerId);
          batch.refundPartners.push({
            id: refundPartnerId,
            refundId,
            partnerId: l.partner.id,
            responsible,
            refundDeductionCents: 0,
            processedBy,
            createdAt: at,
          });
        }
        const share = batch.refundPartners.find((r) => r.id === refundPartnerId)!;
        share.refundDeductionCents = (share.refundDeductionCents ?? 0) + lineDeduction;
        if (lineDeduction > 0)
          ledgerEntry(ledger, l.partner.id, sastDate(processedAt ?? at).slice(0, 7)).deductions +=
            lineDeduction;
      }
      batch.refundLines.push({
        id: ids.refundLine.next(),
        refundId,
        refundPartnerId,
        orderLineId: l.id,
        amountCents: lineAmount,
        onPayAmountCents: lineOnPay,
      });
    }
    batch.refunds.push({
      id: refundId,
      name: `${order.name}-RF1`,
      orderId: order.id,
      amountCents: amount,
      onPayCents: pending ? null : deducted ? onPayAmount : 0,
      onPayAmountCents: onPayAmount,
      responsible,
      processedBy,
      processedAt,
      createdAt: at,
      updatedAt: processedAt ?? at,
    });
  }
  return { hasReturn: returned.length > 0, hasRefund: refunded.length > 0 };
}

/**
 * Wholesale purchases (florists buying stock through the marketplace, deducted from their pay) and the
 * monthly EFT payments: what was paid for the month's bills, less the month's deductions.
 */
export async function seedMonthlyFinance(
  db: DbOrTx,
  world: World,
  ids: Ids,
  ledger: Ledger,
): Promise<{ payments: number }> {
  const { clock } = world;
  const noteRows: (typeof creditNotes.$inferInsert)[] = [];
  for (const partner of world.partners) {
    if (partner.type !== 'florist') continue;
    for (let m = 11; m >= 0; m--) {
      const rng = Rng.for(6000, partner.id, m);
      if (!rng.chance(world.demoPartnerIds.includes(partner.id) ? 0.8 : 0.3)) continue;
      const date = minDateString(addDays(addMonths(clock.today, -m), rng.int(2, 25)), clock.today);
      const amount = rng.int(30, 250) * 1000;
      noteRows.push({
        id: ids.creditNote.next(),
        partnerId: partner.id,
        orderId: null,
        kind: 'wholesale',
        amountCents: amount,
        date,
        description: rng.pick([
          'Wholesale roses',
          'Wholesale greenery and foam',
          'Wholesale proteas',
          'Vases and wrapping',
        ]),
        createdAt: addMinutes(clock.now, -daysBetween(date, clock.today) * 24 * 60),
      });
      ledgerEntry(ledger, partner.id, date.slice(0, 7)).deductions += amount;
    }
  }
  await insertMany(db, creditNotes, noteRows);

  const paymentRows: (typeof payments.$inferInsert)[] = [];
  for (const [partnerId, months] of [...ledger.entries()].sort((a, b) => a[0] - b[0])) {
    for (const [month, { paid, deductions }] of [...months.entries()].sort((a, b) =>
      a[0].localeCompare(b[0]),
    )) {
      const payDay = `${addMonths(`${month}-01`, 1).slice(0, 7)}-07`;
      if (payDay > clock.today || paid - deductions <= 0) continue;
      paymentRows.push({
        partnerId,
        amountCents: paid - deductions,
        paidAt: payDay,
        reference: `EFT BL${month.replace('-', '')}-${String(partnerId).padStart(3, '0')}`,
        createdAt: addMinutes(clock.now, -daysBetween(payDay, clock.today) * 24 * 60),
      });
    }
  }
  await insertMany(db, payments, paymentRows);
  return { payments: paymentRows.length };
}

function minDateString(a: string, b: string): string {
  return a <= b ? a : b;
}
