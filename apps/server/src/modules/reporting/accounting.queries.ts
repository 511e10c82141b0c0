import { and, sql } from 'drizzle-orm';

import type { AccountingRow, DateRange } from '@bloomline/contract';
import { TIME_ZONE, toRand } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
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

/** One row of a batch: an order's columns and one of its lines (all null for an order without lines). */
interface BatchRow {
  orderId: number;
  cursor: string;
  name: string;
  /** The order's creation day in Johannesburg (YYYY-MM-DD). */
  created: string;
  profitCentre: string | null;
  source: string;
  customer: string | null;
  email: string | null;
  deliveryDate: string | null;
  paymentType: string;
  status: string;
  fullyPaid: boolean;
  isCollection: boolean;
  deliveryFeeCents: number;
  vat: unknown;
  /** A bigint sum, as the driver gives it (text). */
  adjustmentCents: string;
  lineId: number | null;
  lineStatus: string | null;
  quantity: number | null;
  valueCents: number | null;
  partnerId: number | null;
  partnerDelivers: boolean | null;
  partnerName: string | null;
  partnerType: string | null;
  partnerCommission: string | null;
  partnerVatNumber: string | null;
}

/**
 * One batch of orders created in the range after `after`, in creation order then id, and their lines (an
 * order without lines comes as one row with a null line, so the cursor can pass it). The creation goes
 * back to the next batch as PostgreSQL's own text: a JS Date would drop the microseconds and repeat a row.
 * Every column of the order is taken in the batch itself (joining `orders` again outside it let the planner
 * hash the whole table for each batch). Written as one statement read as the driver's plain rows: mapping
 * a million rows through the query builder's result mapper was half the report's time (measured with
 * `--cpu-prof` at 1,000,000 orders: 40,000 rows a second before, with the SQL a quarter of it).
 */
function batchAfter(db: DbOrTx, range: DateRange, after: Cursor | null): Promise<BatchRow[]> {
  const where = and(
    withinRange(orders.createdAt, range),
    after
      ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id})`
      : undefined,
  );
  return rowsOf<BatchRow & Record<string, unknown>>(
    db,
    sql`with batch as (
      select orders.id, orders.name, orders.created_at, orders.profit_centre_id, orders.customer_id,
        orders.customer_name, orders.source, orders.email, orders.delivery_date, orders.payment_type,
        orders.status, orders.fully_paid, orders.is_collection, orders.delivery_fee_cents,
        ${onPayColumns.vat} as vat,
        (select coalesce(sum(a.quantity::bigint * a.value_cents), 0) from ${adjustments} a
          where a.order_id = orders.id) as adjustment_cents
      from ${orders} ${where ? sql`where ${where}` : sql``}
      order by orders.created_at, orders.id
      limit ${sqlInteger(ACCOUNTING_BATCH_ORDERS)}
    )
    select b.id as "orderId", b.created_at::text as "cursor", b.name,
      (b.created_at at time zone ${TIME_ZONE})::date::text as "created",
      pc.name as "profitCentre", b.source, coalesce(cu.name, b.customer_name) as "customer", b.email,
      b.delivery_date::text as "deliveryDate", b.payment_type as "paymentType", b.status,
      b.fully_paid as "fullyPaid", b.is_collection as "isCollection",
      b.delivery_fee_cents as "deliveryFeeCents", b.vat,
      b.adjustment_cents::text as "adjustmentCents",
      l.id as "lineId", l.status as "lineStatus", l.quantity, l.value_cents as "valueCents",
      l.partner_id as "partnerId", l.partner_delivers as "partnerDelivers", p.name as "partnerName", p.partner_type as "partnerType",
      p.commission::text as "partnerCommission", p.vat_number as "partnerVatNumber"
    from batch b
    left join ${orderLines} l on l.order_id = b.id
    left join ${partners} p on p.id = l.partner_id
    left join ${profitCentres} pc on pc.id = b.profit_centre_id
    left join ${customers} cu on cu.id = b.customer_id
    order by b.created_at, b.id, l.id`,
  );
}

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
    // The partner of the order's first line that delivers (`onPayColumns.delivererId`'s rule), from the
    // lines at hand rather than a lookup per order.
    delivererId: lines.find((l) => l.partnerDelivers)?.partnerId ?? null,
    vat: first.vat,
  };
  const shares = lineShares(order, lines);
  const created = first.created;
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
  let next: Promise<BatchRow[]> | null = batchAfter(db, range, after);
  try {
    while (next && !signal?.aborted) {
      const rows = await next;
      next = null;
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.cursor, id: last.orderId };
      // A short batch was the last one; otherwise the next is read while this one is written out (the
      // database works while the server turns rows into text).
      let orderCount = 0;
      for (let i = 0; i < rows.length; i += 1)
        if (i === 0 || rows[i]!.orderId !== rows[i - 1]!.orderId) orderCount += 1;
      if (orderCount >= ACCOUNTING_BATCH_ORDERS) next = batchAfter(db, range, after);
      let start = 0;
      const out: AccountingRow[] = [];
      for (let i = 1; i <= rows.length; i += 1) {
        if (i === rows.length || rows[i]!.orderId !== rows[start]!.orderId) {
          out.push(...orderRows(rows.slice(start, i)));
          start = i;
        }
      }
      if (out.length > 0) yield out;
    }
  } finally {
    // Stopped early (the client went away, the consumer returned): a batch still being read is dropped.
    void next?.catch(() => undefined);
  }
}
