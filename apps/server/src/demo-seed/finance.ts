import type { LineStatus } from '@bloomline/contract';

import { billsOf, orderDelivered } from '../shared/bills';
import { payOut } from '../shared/payouts';
import type { Tx } from '../db/client';
import { creditNotes } from '../db/schema';
import type { Batch, Ids, World } from './context';
import { addDays, addMinutes, addMonths, daysBetween, maxDate, sastDate } from './dates';
import { insertMany } from '../db/bulk';
import type { FinanceLine, FinanceOrder } from './finance-lines';
import { orderClaims } from './claims';
import { Rng } from './random';

export type { FinanceLine, FinanceOrder } from './finance-lines';

/**
 * A claim still open leaves its lines as they were (processing moves them): a line whose return is open is
 * still delivered, a line whose refund is unprocessed still delivered (or returned, when its return was
 * processed). Its last steps of history go with it.
 */
function reopen(line: FinanceLine, to: LineStatus) {
  const drop: LineStatus = line.status;
  line.status = to;
  line.row.status = to;
  while (line.steps.length > 0 && line.steps[line.steps.length - 1]!.status === drop) line.steps.pop();
  if (drop === 'refund' && to === 'delivered')
    while (line.steps.length > 0 && line.steps[line.steps.length - 1]!.status === 'return') line.steps.pop();
  line.row.updatedAt = line.steps[line.steps.length - 1]?.at ?? line.row.updatedAt ?? null;
  // returnedAt and refundedAt stay: when the customer asked, the day the claim was opened.
}

/**
 * Bills, credit notes, returns and refunds of one order, as the product writes them: the bills a delivery
 * writes (`billsOf`, the delivery transition's own rule, all unpaid: the monthly payouts pay them), the
 * in-store deduction of a delivered relay order, returns and refunds with the lines of an open one left as they
 * were. Returns whether the order has a return and a refund.
 */
export function orderFinance(
  world: World,
  rng: Rng,
  batch: Batch,
  ids: Ids,
  order: FinanceOrder,
  lines: FinanceLine[],
): { hasReturn: boolean; hasRefund: boolean } {
  const { clock, vat } = world;
  const staff = () => rng.pick(world.people.staffIds);
  const age = order.deliveryDate ? daysBetween(order.deliveryDate, clock.today) : 0;

  // Which claims stay open, decided first: their lines are then as the product leaves them until processed.
  const returned = lines.filter((l) => l.status === 'return' || (l.status === 'refund' && l.viaReturn));
  const returnOpen =
    returned.length > 0 &&
    returned.some((l) => l.status === 'return') &&
    (order.claimsOpen || (!order.responsible && age < 12 && rng.chance(0.6)));
  const refunded = lines.filter((l) => l.status === 'refund');
  const refundPending =
    refunded.length > 0 && (order.claimsOpen || (!order.responsible && age < 15 && rng.chance(0.5)));
  if (returnOpen) for (const l of returned) if (l.status === 'return') reopen(l, 'delivered');
  if (refundPending) for (const l of refunded) reopen(l, l.viaReturn && !returnOpen ? 'return' : 'delivered');

  // The bills the deliveries wrote: one per partner whose lines were all delivered, for its on pay. The pay
  // terms are those the database keeps on each line as it is inserted (migration 0024's trigger): the VAT
  // setting (the seed's own) and the partner's commission and VAT registration.
  const onPayLines = lines.map((l) => ({
    partnerId: l.partner?.id ?? null,
    partnerName: l.partner?.name ?? null,
    payCommission: l.partner?.commission ?? null,
    payVatRate: l.partner ? vat : null,
    payVatRegistered: l.partner?.vatRegistered ?? null,
    valueCents: l.valueCents,
    quantity: l.quantity,
    status: l.status,
  }));
  const due = billsOf(
    {
      isCollection: order.isCollection,
      deliveryFeeCents: order.deliveryFeeCents,
      delivererId: lines.find((l) => l.partnerDelivers)?.partner?.id ?? null,
    },
    onPayLines,
  );
  for (const bill of due) {
    const own = lines.filter((l) => l.partner?.id === bill.partnerId);
    const createdAt = own.reduce<Date>(
      (m, l) => maxDate(m, l.deliveredAt ?? order.createdAt),
      order.createdAt,
    );
    batch.bills.push({
      id: ids.bill.next(),
      orderId: order.id,
      partnerId: bill.partnerId,
      amountCents: bill.amountCents,
      paid: false,
      // The day its partner's last line was delivered (issue 46), as the delivery transition dates it.
      statementDay: sastDate(createdAt),
      createdAt,
      updatedAt: createdAt,
    });
  }

  // In-store (relay) orders: the placing florist took the customer's money, so once the order is delivered its
  // value is deducted from them, dated the day it was delivered (as the delivery transition writes it).
  if (order.placedBy && !order.cancelled && orderDelivered(onPayLines)) {
    const deliveredAt = maxDate(
      order.createdAt,
      lines.reduce<Date>((m, l) => maxDate(m, l.deliveredAt ?? m), order.createdAt),
    );
    batch.creditNotes.push({
      id: ids.creditNote.next(),
      partnerId: order.placedBy.id,
      orderId: order.id,
      kind: 'instore',
      amountCents: order.totalValueCents,
      date: sastDate(deliveredAt),
      description: `In-store order ${order.name}`,
      createdAt: deliveredAt,
    });
  }

  orderClaims(world, rng, batch, ids, order, lines, { returned, refunded, returnOpen, refundPending, staff });
  return { hasReturn: returned.length > 0, hasRefund: refunded.length > 0 };
}

/** The last day of a month (YYYY-MM-DD). */
const lastDayOf = (month: string) => addDays(`${addMonths(`${month}-01`, 1).slice(0, 7)}-01`, -1);

/**
 * Wholesale purchases (florists buying stock through the marketplace, deducted from their pay, as staff record
 * them on the partner's page), then the monthly pay runs through the product's own payout function: each past
 * month is paid out on the 7th of the next, up to its last day, for every partner with something due.
 */
export async function seedMonthlyFinance(tx: Tx, world: World, ids: Ids): Promise<{ payments: number }> {
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
        createdBy: world.people.adminId,
        createdAt: addMinutes(clock.now, -daysBetween(date, clock.today) * 24 * 60),
      });
    }
  }
  await insertMany(tx, creditNotes, noteRows);

  let paid = 0;
  const partnerIds = world.partners.map((p) => p.id);
  for (let m = 12; m >= 1; m--) {
    const month = addMonths(clock.today, -m).slice(0, 7);
    const payDay = `${addMonths(`${month}-01`, 1).slice(0, 7)}-07`;
    if (payDay > clock.today) continue;
    const run = await payOut(tx, {
      upTo: lastDayOf(month),
      paidAt: payDay,
      reference: `BL PAY ${month.replace('-', '')}`,
      partnerIds,
      userId: world.people.adminId,
    });
    paid += run?.payments.length ?? 0;
  }
  return { payments: paid };
}

function minDateString(a: string, b: string): string {
  return a <= b ? a : b;
}
