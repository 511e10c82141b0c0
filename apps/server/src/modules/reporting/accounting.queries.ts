import { and, type SQL, sql } from 'drizzle-orm';

import type { AccountingRow, DateRange } from '@bloomline/contract';
import { TIME_ZONE, toRand } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { Database } from '../../db/client';
import { type CopyRow, literal } from '../../db/copy-out';
import {
  creditNotes,
  customers,
  orderLines,
  orders,
  partners,
  profitCentres,
  refundPartners,
  refunds,
  returns,
} from '../../db/schema';
import { billedJson, type OnPayLine, type OnPayOrder, orderOnPay } from '../../shared/order-onpay';

/**
 * Orders per statement of the accounting report on the embedded database: a few thousand lines, a few hundred
 * kB in memory at a time, however long the range.
 */
export const ACCOUNTING_BATCH_ORDERS = 2000;

/** Where the next batch starts: after the last order sent (its period day, and id). */
type Cursor = { day: string; id: number };

/** One row of the report's statement: an order's columns and one of its lines (all null for an order without lines). */
interface BatchRow {
  orderId: number;
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
  /** The order's bills (`billedJson`), read by the statement itself (one snapshot with the rows). */
  billed: string | null;
  /** The line's partner's deductions on the order (credit notes and refund deductions), a bigint sum as text. */
  adjustmentCents: string;
  lineId: number | null;
  lineStatus: string | null;
  quantity: number | null;
  valueCents: number | null;
  partnerId: number | null;
  partnerDelivers: boolean | null;
  partnerName: string | null;
  partnerType: string | null;
  /** The pay terms the line was assigned with (order_lines.pay_*, issue 46). */
  payCommission: string | null;
  payVatRate: string | null;
  payVatRegistered: boolean | null;
}

/**
 * The report's statement over the orders of `within` (a CTE named `b`: the range, or a batch of it, with each
 * order's `period_day`, `billed_day` and `period_end`): the columns of `BatchRow` in its order, every value
 * written in as a literal (`COPY` takes no parameters). Sorted by the period day (the statement day: DECISIONS.md
 * "The money cycle on real orders"), then id, then line; `cursor` adds the period day as text (keyset batches).
 *
 * A row shows its order as it stood at the end of its period's month (issue 46: a closed month's CSV never
 * changes): the adjustment of a line is its partner's deductions on the order dated before that end (the
 * credit notes of kind `order` and the refund deductions; later ones are later months' events, as on the
 * statement), and a billed order returned or refunded by a claim processed only after it reads as it was then.
 */
function statementOf(within: SQL, { cursor }: { cursor: boolean }): SQL {
  const zone = literal(TIME_ZONE);
  const end = sql`(b.period_end::timestamp at time zone ${zone})`;
  return sql`with b as (${within})
    select b.id as "orderId", b.name,
      (b.created_at at time zone ${zone})::date::text as "created",
      pc.name as "profitCentre", b.source, coalesce(cu.name, b.customer_name) as "customer", b.email,
      coalesce(b.billed_day, b.delivery_date)::text as "deliveryDate", b.payment_type as "paymentType",
      case when b.billed_day is null or b.status not in ('return', 'refund') or not exists (
          select 1 from ${refunds} rf where rf.order_id = b.id and rf.processed_at >= ${end}
          union all select 1 from ${returns} rt where rt.order_id = b.id and rt.processed_at >= ${end})
        then b.status
        when exists (select 1 from ${refunds} rf where rf.order_id = b.id and rf.processed_at < ${end}) then 'refund'
        when exists (select 1 from ${returns} rt where rt.order_id = b.id and rt.processed_at < ${end}) then 'return'
        else 'delivered' end as status,
      b.fully_paid as "fullyPaid", b.is_collection as "isCollection",
      b.delivery_fee_cents as "deliveryFeeCents", ${billedJson(sql.raw('b.id'))} as billed,
      case when l.partner_id is null then '0' else (
        (select coalesce(sum(cn.amount_cents::bigint), 0) from ${creditNotes} cn
          where cn.order_id = b.id and cn.partner_id = l.partner_id and cn.kind = 'order'
            and cn.date < b.period_end)
        + (select coalesce(sum(rp.refund_deduction_cents::bigint), 0) from ${refundPartners} rp
          join ${refunds} r on r.id = rp.refund_id
          where r.order_id = b.id and rp.partner_id = l.partner_id and r.processed_at is not null
            and r.processed_at < ${end}))::text
      end as "adjustmentCents",
      l.id as "lineId", l.status as "lineStatus", l.quantity, l.value_cents as "valueCents",
      l.partner_id as "partnerId", l.partner_delivers as "partnerDelivers", p.name as "partnerName",
      p.partner_type as "partnerType", l.pay_commission::text as "payCommission",
      l.pay_vat_rate::text as "payVatRate", l.pay_vat_registered as "payVatRegistered"${cursor ? sql`, b.period_day::text as "cursor"` : sql``}
    from b
    left join ${orderLines} l on l.order_id = b.id
    left join ${partners} p on p.id = l.partner_id
    left join ${profitCentres} pc on pc.id = b.profit_centre_id
    left join ${customers} cu on cu.id = b.customer_id
    order by b.period_day, b.id, l.id`;
}

/**
 * Each order with its period day (issue 46): the day its first bill was written (the day it was delivered),
 * else its delivery date, except that an unfinished order scheduled in a closed month counts in the first open
 * month (whatever happens to it now happens there, never in the closed month). A cancelled order keeps its
 * delivery date. `period_end` is the first day of the month after the period day.
 */
const ORDERS_WITH_PERIOD = sql`select x.*, (date_trunc('month', x.period_day) + interval '1 month')::date as period_end
  from (select o.*, bl.billed_day,
      coalesce(bl.billed_day, case when o.status = 'cancel-confirmed' then o.delivery_date
        else greatest(o.delivery_date, (select (max(cm.month) || '-01')::date + interval '1 month'
          from closed_months cm)::date) end) as period_day
    from ${orders} o
    left join lateral (select min(bi.statement_day) as billed_day from bills bi where bi.order_id = o.id) bl on true
  ) x`;

/**
 * The orders whose period day is in the range (both ends, Johannesburg days, as literals), after `after` when
 * given. An order without a delivery date or a bill has no period day and is in no period.
 */
function ordersWithin(range: DateRange, after: Cursor | null): SQL {
  const day = (d: string) => sql`${literal(d)}::date`;
  const where = and(
    sql`w.period_day is not null`,
    range.startDate === undefined ? undefined : sql`w.period_day >= ${day(range.startDate)}`,
    range.endDate === undefined ? undefined : sql`w.period_day <= ${day(range.endDate)}`,
    after === null
      ? undefined
      : sql`(w.period_day, w.id) > (${day(after.day)}, ${sql.raw(String(after.id))})`,
  );
  return sql`select * from (${ORDERS_WITH_PERIOD}) w where ${where}`;
}

/** A row of `COPY`'s text, typed as the driver would have typed it. */
function fromCopy(f: CopyRow): BatchRow {
  const text = (i: number) => f[i] ?? null;
  const int = (i: number) => (f[i] == null ? null : Number(f[i]));
  return {
    orderId: Number(f[0]),
    name: f[1] ?? '',
    created: f[2] ?? '',
    profitCentre: text(3),
    source: f[4] ?? '',
    customer: text(5),
    email: text(6),
    deliveryDate: text(7),
    paymentType: f[8] ?? '',
    status: f[9] ?? '',
    fullyPaid: f[10] === 't',
    isCollection: f[11] === 't',
    deliveryFeeCents: Number(f[12]),
    billed: text(13),
    adjustmentCents: f[14] ?? '0',
    lineId: int(15),
    lineStatus: text(16),
    quantity: int(17),
    valueCents: int(18),
    partnerId: int(19),
    partnerDelivers: f[20] == null ? null : f[20] === 't',
    partnerName: text(21),
    partnerType: text(22),
    payCommission: text(23),
    payVatRate: text(24),
    payVatRegistered: f[25] == null ? null : f[25] === 't',
  };
}

/**
 * Where the report's rows come from: PostgreSQL's `copyOut` (from the server's pool, or a worker thread's own
 * connection), else the embedded database's `db`.
 */
export type AccountingSource = Pick<Database, 'copyOut'> | Pick<Database, 'db'>;

/**
 * The statement's rows, a batch at a time as the consumer pulls. On PostgreSQL one `COPY … TO STDOUT` for the
 * whole range, read as the socket delivers it; on the embedded database keyset batches of
 * `ACCOUNTING_BATCH_ORDERS` orders (one process owns it, and a statement never holds it for long).
 */
async function* statementRows(
  source: AccountingSource,
  range: DateRange,
  signal?: AbortSignal,
): AsyncGenerator<BatchRow[]> {
  if ('copyOut' in source && source.copyOut) {
    for await (const rows of source.copyOut(
      statementOf(ordersWithin(range, null), { cursor: false }),
      signal,
    ))
      yield rows.map(fromCopy);
    return;
  }
  if (!('db' in source)) throw new Error('accounting rows: no database to read');
  const db = source.db;
  let after: Cursor | null = null;
  const batchAfter = (cursor: Cursor | null) =>
    rowsOf<BatchRow & { cursor: string } & Record<string, unknown>>(
      db,
      statementOf(
        sql`${ordersWithin(range, cursor)} order by period_day, id limit ${sql.raw(String(ACCOUNTING_BATCH_ORDERS))}`,
        { cursor: true },
      ),
    );
  let next: Promise<(BatchRow & { cursor: string })[]> | null = batchAfter(after);
  try {
    while (next && !signal?.aborted) {
      const rows = await next;
      next = null;
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      after = { day: last.cursor, id: last.orderId };
      // A short batch was the last one; otherwise the next is read while this one is written out.
      let orderCount = 0;
      for (let i = 0; i < rows.length; i += 1)
        if (i === 0 || rows[i]!.orderId !== rows[i - 1]!.orderId) orderCount += 1;
      if (orderCount >= ACCOUNTING_BATCH_ORDERS) next = batchAfter(after);
      yield rows;
    }
  } finally {
    // Stopped early (the client went away, the consumer returned): a batch still being read is dropped.
    void next?.catch(() => undefined);
  }
}

type Line = BatchRow & { lineId: number; quantity: number; valueCents: number; lineStatus: string };

const onPayLine = (row: Line): OnPayLine => ({
  partnerId: row.partnerId,
  partnerName: row.partnerName,
  payCommission: row.payCommission,
  payVatRate: row.payVatRate,
  payVatRegistered: row.payVatRegistered,
  valueCents: row.valueCents,
  quantity: row.quantity,
  status: row.lineStatus,
});

/**
 * Each line's share of its partner's on pay, by `orderOnPay` itself (the one rule): the partner's on pay
 * over their lines up to this one, less that up to the one before. The shares of a partner's lines add up
 * to exactly the order's on pay for them (their bill once billed: what differs lands on their last line);
 * the delivery fee lands on the deliverer's first paid line.
 */
function lineShares(order: OnPayOrder, lines: readonly Line[]): Map<number, { excl: number; incl: number }> {
  const shares = new Map<number, { excl: number; incl: number }>();
  const byPartner = new Map<number | null, Line[]>();
  for (const line of lines) byPartner.set(line.partnerId, [...(byPartner.get(line.partnerId) ?? []), line]);
  const unbilled: OnPayOrder = { ...order, billed: null };
  const whole = orderOnPay(order, lines.map(onPayLine));
  for (const [partnerId, own] of byPartner) {
    let before = { excl: 0, incl: 0 };
    own.forEach((line, i) => {
      const upTo = orderOnPay(unbilled, own.slice(0, i + 1).map(onPayLine)).find(
        (p) => p.partnerId === partnerId,
      );
      let now = upTo
        ? { excl: upTo.result.excludingDeliveryCents, incl: upTo.result.includingDeliveryCents }
        : { excl: 0, incl: 0 };
      const billed = i === own.length - 1 ? whole.find((p) => p.partnerId === partnerId) : undefined;
      if (billed)
        now = { excl: billed.result.excludingDeliveryCents, incl: billed.result.includingDeliveryCents };
      shares.set(line.lineId, { excl: now.excl - before.excl, incl: now.incl - before.incl });
      before = now;
    });
  }
  return shares;
}

/**
 * An order's lines as accounting rows. Each partner's first row of the order carries what is that partner's
 * once per order: the delivery fee they earn (the deliverer's; 0 for the others) and their adjustment (their
 * deductions on the order, negative); their other rows carry 0. So a partner's rows of an order add up to
 * their bill (On pay incl. delivery) and their deductions (Adjustment).
 */
function orderRows(rows: readonly BatchRow[]): AccountingRow[] {
  const first = rows[0]!;
  const lines = rows.filter((r): r is Line => r.lineId !== null);
  const order: OnPayOrder = {
    isCollection: first.isCollection,
    deliveryFeeCents: first.deliveryFeeCents,
    // The partner of the order's first line that delivers (`onPayColumns.delivererId`'s rule), from the
    // lines at hand rather than a lookup per order.
    delivererId: lines.find((l) => l.partnerDelivers)?.partnerId ?? null,
    billed: first.billed,
  };
  const shares = lineShares(order, lines);
  const created = first.created;
  const earners = new Set(orderOnPay(order, lines.map(onPayLine)).map((p) => p.partnerId));
  const seen = new Set<number | null>();
  return lines.map((line) => {
    const share = shares.get(line.lineId) ?? { excl: 0, incl: 0 };
    const firstOfPartner = !seen.has(line.partnerId);
    seen.add(line.partnerId);
    const fee =
      firstOfPartner &&
      line.partnerId !== null &&
      line.partnerId === (order.isCollection ? null : order.delivererId) &&
      earners.has(line.partnerId)
        ? first.deliveryFeeCents
        : 0;
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
      line.payVatRegistered === true,
      first.fullyPaid,
      toRand(fee),
      toRand(share.excl),
      toRand(share.incl),
      firstOfPartner ? -toRand(Number(line.adjustmentCents)) : 0,
      first.orderId,
    ];
  });
}

/**
 * The accounting report's rows, one per order line, in order of the orders' delivery date then id, a batch at a
 * time as the consumer pulls (`statementRows`): an order's lines stay together even when a batch of the
 * statement ends among them. Aborting `signal` (the client went away) stops the statement.
 */
export async function* accountingRows(
  source: AccountingSource,
  range: DateRange,
  signal?: AbortSignal,
): AsyncGenerator<AccountingRow[]> {
  let order: BatchRow[] = [];
  for await (const rows of statementRows(source, range, signal)) {
    const out: AccountingRow[] = [];
    for (const row of rows) {
      if (order.length > 0 && order[0]!.orderId !== row.orderId) {
        for (const r of orderRows(order)) out.push(r);
        order = [];
      }
      order.push(row);
    }
    if (out.length > 0) yield out;
  }
  if (order.length > 0 && !signal?.aborted) yield orderRows(order);
}
