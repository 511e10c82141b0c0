import { and, asc, eq, sql } from 'drizzle-orm';

import type { AccountingRow, DateRange } from '@bloomline/contract';
import { toRand, todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { adjustments, customers, orderLines, orders, partners, profitCentres } from '../../db/schema';
import { withinRange } from '../../lib/date-range';
import { sqlInteger } from '../../lib/paged-list';
import { type OnPayLine, type OnPayOrder, onPayColumns, orderOnPay } from '../../shared/order-onpay';

/**
 * Orders per statement of the accounting report: a few thousand lines, a few hundred kB in memory at a
 * time, however long the range.
 */
export const ACCOUNTING_BATCH_ORDERS = 2000;

/** Where the next batch starts: after the last order sent (its creation as PostgreSQL wrote it, and id). */
type Cursor = { createdAt: string; id: number };

/**
 * One batch of orders created in the range after `after`, in creation order then id, and their lines (an
 * order without lines comes as one row with a null line, so the cursor can pass it). The creation goes
 * back to the next batch as PostgreSQL's own text: a JS Date would drop the microseconds and repeat a row.
 */
function batchAfter(db: DbOrTx, range: DateRange, after: Cursor | null) {
  // Every column of the order is taken in the batch itself: joining `orders` again outside it let the
  // planner hash the whole table for each batch.
  const batch = db.$with('batch').as(
    db
      .select({
        id: orders.id,
        name: orders.name,
        createdAt: orders.createdAt,
        profitCentreId: orders.profitCentreId,
        customerId: orders.customerId,
        customerName: orders.customerName,
        source: orders.source,
        email: orders.email,
        deliveryDate: orders.deliveryDate,
        paymentType: orders.paymentType,
        status: orders.status,
        fullyPaid: orders.fullyPaid,
        isCollection: orders.isCollection,
        deliveryFeeCents: orders.deliveryFeeCents,
        cursor: sql<string>`${orders.createdAt}::text`.as('batch_cursor'),
        delivererId: onPayColumns.delivererId.as('batch_deliverer_id'),
        vat: onPayColumns.vat.as('batch_vat'),
        adjustmentCents: sql<string>`(
          select coalesce(sum(a.quantity::bigint * a.value_cents), 0) from ${adjustments} a where a.order_id = orders.id
        )`.as('batch_adjustment_cents'),
      })
      .from(orders)
      .where(
        and(
          withinRange(orders.createdAt, range),
          after
            ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(sqlInteger(ACCOUNTING_BATCH_ORDERS)),
  );
  return db
    .with(batch)
    .select({
      orderId: batch.id,
      cursor: batch.cursor,
      name: batch.name,
      createdAt: batch.createdAt,
      profitCentre: profitCentres.name,
      source: batch.source,
      customer: sql<string | null>`coalesce(${customers.name}, ${batch.customerName})`,
      email: batch.email,
      deliveryDate: batch.deliveryDate,
      paymentType: batch.paymentType,
      status: batch.status,
      fullyPaid: batch.fullyPaid,
      isCollection: batch.isCollection,
      deliveryFeeCents: batch.deliveryFeeCents,
      delivererId: batch.delivererId,
      vat: batch.vat,
      adjustmentCents: batch.adjustmentCents,
      lineId: orderLines.id,
      lineStatus: orderLines.status,
      quantity: orderLines.quantity,
      valueCents: orderLines.valueCents,
      partnerId: orderLines.partnerId,
      partnerName: partners.name,
      partnerType: partners.partnerType,
      partnerCommission: partners.commission,
      partnerVatNumber: partners.vatNumber,
    })
    .from(batch)
    .leftJoin(orderLines, eq(orderLines.orderId, batch.id))
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .leftJoin(profitCentres, eq(profitCentres.id, batch.profitCentreId))
    .leftJoin(customers, eq(customers.id, batch.customerId))
    .orderBy(asc(batch.createdAt), asc(batch.id), asc(orderLines.id));
}

type BatchRow = Awaited<ReturnType<typeof batchAfter>>[number];
type Line = BatchRow & { lineId: number; quantity: number; valueCents: number; lineStatus: string };

const isVatRegistered = (vatNumber: string | null) => vatNumber !== null && vatNumber.trim() !== '';

const onPayLine = (row: Line): OnPayLine => ({
  partnerId: row.partnerId,
  partnerName: row.partnerName,
  partnerCommission: row.partnerCommission,
  partnerVatRegistered: isVatRegistered(row.partnerVatNumber),
  valueCents: row.valueCents,
  quantity: row.quantity,
  status: row.lineStatus,
});

/**
 * Each line's share of its partner's on pay, by `orderOnPay` itself (the one rule): the partner's on pay
 * over their lines up to this one, less that up to the one before. The shares of a partner's lines add up
 * to exactly the order's on pay for them; the delivery fee lands on the deliverer's first paid line.
 */
function lineShares(order: OnPayOrder, lines: readonly Line[]): Map<number, { excl: number; incl: number }> {
  const shares = new Map<number, { excl: number; incl: number }>();
  const byPartner = new Map<number | null, Line[]>();
  for (const line of lines) byPartner.set(line.partnerId, [...(byPartner.get(line.partnerId) ?? []), line]);
  for (const [partnerId, own] of byPartner) {
    let before = { excl: 0, incl: 0 };
    own.forEach((line, i) => {
      const upTo = orderOnPay(order, own.slice(0, i + 1).map(onPayLine)).find(
        (p) => p.partnerId === partnerId,
      );
      const now = upTo
        ? { excl: upTo.result.excludingDeliveryCents, incl: upTo.result.includingDeliveryCents }
        : { excl: 0, incl: 0 };
      shares.set(line.lineId, { excl: now.excl - before.excl, incl: now.incl - before.incl });
      before = now;
    });
  }
  return shares;
}

/** An order's lines as accounting rows; the order's delivery fee and adjustments on its first line. */
function orderRows(rows: readonly BatchRow[]): AccountingRow[] {
  const first = rows[0]!;
  const lines = rows.filter((r): r is Line => r.lineId !== null);
  const order: OnPayOrder = {
    isCollection: first.isCollection,
    deliveryFeeCents: first.deliveryFeeCents,
    delivererId: first.delivererId,
    vat: first.vat,
  };
  const shares = lineShares(order, lines);
  const created = todayInJohannesburg(first.createdAt);
  return lines.map((line, i) => {
    const share = shares.get(line.lineId) ?? { excl: 0, incl: 0 };
    return [
      first.name,
      created,
      first.profitCentre,
      first.source,
      first.customer,
      first.email,
      line.partnerType,
      first.deliveryDate,
      first.paymentType,
      first.status,
      toRand(line.quantity * line.valueCents),
      line.partnerName,
      isVatRegistered(line.partnerVatNumber),
      first.fullyPaid,
      i === 0 ? toRand(first.deliveryFeeCents) : 0,
      toRand(share.excl),
      toRand(share.incl),
      i === 0 ? toRand(Number(first.adjustmentCents)) : 0,
      first.orderId,
    ];
  });
}

/**
 * The accounting report's rows, one per order line, in order of the orders' creation then id, read from
 * the database a batch of orders at a time as the consumer asks for them (keyset paging on the creation
 * index, the same on PGlite and PostgreSQL). Aborting `signal` (the client went away) stops before the
 * next batch: the query in flight is one small batch.
 */
export async function* accountingRows(
  db: DbOrTx,
  range: DateRange,
  signal?: AbortSignal,
): AsyncGenerator<AccountingRow[]> {
  let after: Cursor | null = null;
  while (!signal?.aborted) {
    const rows = await batchAfter(db, range, after);
    if (rows.length === 0) return;
    let start = 0;
    const out: AccountingRow[] = [];
    for (let i = 1; i <= rows.length; i += 1) {
      if (i === rows.length || rows[i]!.orderId !== rows[start]!.orderId) {
        out.push(...orderRows(rows.slice(start, i)));
        start = i;
      }
    }
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor, id: last.orderId };
    if (out.length > 0) yield out;
    // A short batch was the last one.
    if (new Set(rows.map((r) => r.orderId)).size < ACCOUNTING_BATCH_ORDERS) return;
  }
}
