import { sql } from 'drizzle-orm';

import { formatMoney, linesOnPayCents, splitCents, toRand } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { billsOf } from '../shared/bills';
import { orderOnPay } from '../shared/order-onpay';
import { vatSetting } from '../shared/settings.queries';

/**
 * The invariants that need the on-pay rule itself (DECISIONS.md "Money that cannot go wrong", "The money cycle
 * on real orders"), worked in TypeScript over every order's rows with the server's own functions (`billsOf`,
 * `orderOnPay`, `linesOnPayCents`, `splitCents`): each bill is the one the delivery step writes, and per order
 * line and partner the deductions never exceed the on pay that partner earned for that line.
 */

type Line = {
  id: number;
  order_id: number;
  partner_id: number | null;
  status: string;
  value_cents: number;
  quantity: number;
  partner_delivers: boolean;
  /** The pay terms the line was assigned with (issue 46). */
  pay_commission: string | null;
  pay_vat_rate: string | null;
  pay_vat_registered: boolean | null;
};
type Partner = { id: number; name: string; commission: string | number | null; vat_number: string | null };
type Order = { id: number; name: string; is_collection: boolean; delivery_fee_cents: number };
type Bill = { order_id: number; partner_id: number; amount_cents: number; day: string };
/** A credit note on an order (kind `order`), with the return that wrote it, if any. */
type Note = {
  id: number;
  order_id: number;
  partner_id: number;
  return_id: number | null;
  amount_cents: number;
};
type ReturnedLine = { return_id: number; order_line_id: number; quantity: number };
type Share = {
  id: number;
  refund_name: string;
  order_id: number;
  partner_id: number;
  deduction_cents: number;
};
type ShareLine = { refund_partner_id: number; order_line_id: number; on_pay_amount_cents: number };

const money = (cents: number) => formatMoney(toRand(cents));
const key = (orderId: number, partnerId: number) => `${String(orderId)}:${String(partnerId)}`;

function groupBy<T, K>(rows: readonly T[], by: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = by(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

async function load(db: DbOrTx) {
  const [orders, lines, partners, settings, bills, notes, returned, shares, shareLines] = await Promise.all([
    rowsOf<Order>(db, sql`select id, name, is_collection, delivery_fee_cents from orders order by id`),
    rowsOf<Line>(
      db,
      sql`select id, order_id, partner_id, status, value_cents, quantity, partner_delivers,
            pay_commission::text as pay_commission, pay_vat_rate::text as pay_vat_rate, pay_vat_registered
          from order_lines order by order_id, id`,
    ),
    rowsOf<Partner>(db, sql`select id, name, commission, vat_number from partners`),
    rowsOf<{ value: unknown }>(db, sql`select value from settings where key = 'vat'`),
    rowsOf<Bill>(db, sql`select order_id, partner_id, amount_cents, statement_day::text as day from bills`),
    rowsOf<Note>(
      db,
      sql`select id, order_id, partner_id, return_id, amount_cents from credit_notes
          where kind = 'order' and order_id is not null`,
    ),
    rowsOf<ReturnedLine>(
      db,
      sql`select rl.return_id, rl.order_line_id, rl.quantity from return_lines rl
          join returns r on r.id = rl.return_id where r.status = 'processed' and r.responsible = 'Partner'`,
    ),
    rowsOf<Share>(
      db,
      sql`select rp.id, r.name as refund_name, r.order_id, rp.partner_id,
            rp.refund_deduction_cents as deduction_cents
          from refund_partners rp join refunds r on r.id = rp.refund_id where rp.refund_deduction_cents <> 0`,
    ),
    rowsOf<ShareLine>(
      db,
      sql`select refund_partner_id, order_line_id, on_pay_amount_cents from refund_lines
          where refund_partner_id is not null order by id`,
    ),
  ]);
  return {
    orders,
    lines,
    partners,
    vat: vatSetting(settings[0]?.value),
    bills,
    notes,
    returned,
    shares,
    shareLines,
  };
}

/** Every violation of the bills' and the deductions' bounds, as sentences naming order, partner and month. */
export async function payViolations(db: DbOrTx, options: { fixtures: boolean }): Promise<string[]> {
  const data = await load(db);
  // With the API suite's fixtures, lines inserted already delivered were never delivered by the product: a
  // missing bill counts only where the product delivered one of the partner's lines (a history row says so).
  const deliveredByProduct = options.fixtures
    ? new Set(
        (
          await rowsOf<{ order_id: number; partner_id: number }>(
            db,
            sql`select distinct h.order_id, l.partner_id from order_history h
              join order_lines l on l.id = h.order_line_id where h.status = 5 and l.partner_id is not null`,
          )
        ).map((r) => key(r.order_id, r.partner_id)),
      )
    : null;
  const { vat } = data;
  const out: string[] = [];
  const partnerById = new Map(data.partners.map((p) => [p.id, p]));
  const nameOf = (id: number) => partnerById.get(id)?.name ?? `partner ${String(id)}`;
  // A line's pay is fixed when it is assigned (issue 46): its kept terms, never the partner's of today.
  const payOf = (l: Line) => ({
    commission: Number(l.pay_commission ?? 0),
    vatRegistered: Boolean(l.pay_vat_registered),
  });
  const vatOf = (l: Line) => (l.pay_vat_rate === null ? vat : Number(l.pay_vat_rate));
  const linesOf = groupBy(data.lines, (l) => l.order_id);
  const lineById = new Map(data.lines.map((l) => [l.id, l]));
  const orderById = new Map(data.orders.map((o) => [o.id, o]));
  const billsByKey = groupBy(data.bills, (b) => key(b.order_id, b.partner_id));
  const orderName = (id: number) => orderById.get(id)?.name ?? `order ${String(id)}`;
  const month = (orderId: number, partnerId: number) => {
    const day = billsByKey.get(key(orderId, partnerId))?.[0]?.day;
    return day ? ` (billed ${day.slice(0, 7)})` : '';
  };

  // e. The bills: exactly those the delivery step writes (billsOf), one per order and partner, for the on pay.
  const earned = new Map<string, number>();
  for (const order of data.orders) {
    const own = linesOf.get(order.id) ?? [];
    const onPayLines = own.map((l) => ({
      partnerId: l.partner_id,
      partnerName: l.partner_id === null ? null : nameOf(l.partner_id),
      payCommission: l.pay_commission,
      payVatRate: l.pay_vat_rate,
      payVatRegistered: l.pay_vat_registered,
      valueCents: l.value_cents,
      quantity: l.quantity,
      status: l.status,
    }));
    const shape = {
      isCollection: order.is_collection,
      deliveryFeeCents: order.delivery_fee_cents,
      delivererId: own.find((l) => l.partner_delivers)?.partner_id ?? null,
    };
    for (const p of orderOnPay(shape, onPayLines))
      earned.set(key(order.id, p.partnerId), p.result.excludingDeliveryCents);
    const wanted = new Map(billsOf(shape, onPayLines).map((b) => [b.partnerId, b.amountCents]));
    const partnerIds = new Set([
      ...wanted.keys(),
      ...data.bills.flatMap((b) => (b.order_id === order.id ? [b.partner_id] : [])),
    ]);
    for (const partnerId of partnerIds) {
      const found = billsByKey.get(key(order.id, partnerId)) ?? [];
      const want = wanted.get(partnerId);
      const who = `Order ${order.name}, ${nameOf(partnerId)}${month(order.id, partnerId)}`;
      if (found.length > 1)
        out.push(`${who}: ${String(found.length)} bills, where one order and partner have one`);
      if (want === undefined)
        out.push(
          `${who}: a bill of ${money(found[0]!.amount_cents)} although not all their lines were delivered`,
        );
      else if (found.length === 0) {
        if (!deliveredByProduct || deliveredByProduct.has(key(order.id, partnerId)))
          out.push(`${who}: every line delivered but no bill (on pay ${money(want)})`);
      } else if (found[0]!.amount_cents !== want)
        out.push(`${who}: bill ${money(found[0]!.amount_cents)} is not the on pay ${money(want)}`);
    }
  }

  // a. Deductions per line and partner. A return's credit note is spread over its lines by their returned on
  // pay; a refund share's deduction over its lines by their on pay amount (`splitCents`, the server's split).
  const lineOnPay = (l: Line, quantity = l.quantity) =>
    l.partner_id === null
      ? 0
      : linesOnPayCents([{ valueCents: l.value_cents, quantity }], payOf(l), vatOf(l));
  const takenFromLine = new Map<number, number>();
  // A record over several lines is worked over them together (the on pay of lines together rounds once), so
  // its share of one line may be a cent above that line's own on pay: a cent of slack per such record.
  const slackOfLine = new Map<number, number>();
  const take = (lineId: number, cents: number, together: boolean) => {
    takenFromLine.set(lineId, (takenFromLine.get(lineId) ?? 0) + cents);
    if (together) slackOfLine.set(lineId, (slackOfLine.get(lineId) ?? 0) + 1);
  };
  const returnedByReturn = groupBy(data.returned, (r) => r.return_id);
  const takenByKey = new Map<string, { notes: number; refunds: number }>();
  const addTaken = (orderId: number, partnerId: number, part: 'notes' | 'refunds', cents: number) => {
    const k = key(orderId, partnerId);
    const t = takenByKey.get(k) ?? { notes: 0, refunds: 0 };
    t[part] += cents;
    takenByKey.set(k, t);
  };
  for (const note of data.notes) {
    addTaken(note.order_id, note.partner_id, 'notes', note.amount_cents);
    if (note.return_id === null) continue;
    const own = (returnedByReturn.get(note.return_id) ?? []).flatMap((r) => {
      const line = lineById.get(r.order_line_id);
      return line && line.partner_id === note.partner_id
        ? [{ line, quantity: Math.min(r.quantity, line.quantity) }]
        : [];
    });
    const first = own[0]?.line;
    const most = first
      ? linesOnPayCents(
          own.map((r) => ({ valueCents: r.line.value_cents, quantity: r.quantity })),
          payOf(first),
          vatOf(first),
        )
      : 0;
    if (note.amount_cents > most)
      out.push(
        `Order ${orderName(note.order_id)}, ${nameOf(note.partner_id)}${month(note.order_id, note.partner_id)}: ` +
          `return credit note ${money(note.amount_cents)} is more than the on pay of the returned quantity ${money(most)}`,
      );
    const parts = splitCents(
      note.amount_cents,
      own.map((r) => lineOnPay(r.line, r.quantity)),
    );
    own.forEach((r, i) => take(r.line.id, parts[i]!, own.length > 1));
  }
  const linesOfShare = groupBy(data.shareLines, (l) => l.refund_partner_id);
  for (const share of data.shares) {
    addTaken(share.order_id, share.partner_id, 'refunds', share.deduction_cents);
    const own = linesOfShare.get(share.id) ?? [];
    const weights = own.map((l) => l.on_pay_amount_cents);
    const ceiling = weights.reduce((s, w) => s + w, 0);
    const who = `Order ${orderName(share.order_id)}, ${nameOf(share.partner_id)}${month(share.order_id, share.partner_id)}`;
    if (share.deduction_cents > ceiling)
      out.push(
        `${who}: refund ${share.refund_name} deducts ${money(share.deduction_cents)}, more than its lines' on pay ${money(ceiling)}`,
      );
    splitCents(share.deduction_cents, weights).forEach((cents, i) =>
      take(own[i]!.order_line_id, cents, own.length > 1),
    );
  }
  for (const [lineId, taken] of takenFromLine) {
    const line = lineById.get(lineId);
    if (!line || line.partner_id === null) continue;
    const most = lineOnPay(line);
    if (taken > most + (slackOfLine.get(lineId) ?? 0))
      out.push(
        `Order ${orderName(line.order_id)}, ${nameOf(line.partner_id)}${month(line.order_id, line.partner_id)}: ` +
          `line ${String(line.id)} is deducted ${money(taken)}, more than the ${money(most)} it earned`,
      );
  }
  // Per order and partner: every credit note and refund deduction on the order within what the lines earned.
  for (const [k, taken] of takenByKey) {
    const [orderId, partnerId] = k.split(':').map(Number) as [number, number];
    const most = Math.max(
      earned.get(k) ?? 0,
      (linesOf.get(orderId) ?? [])
        .filter(
          (l) => l.partner_id === partnerId && l.status !== 'rejected' && l.status !== 'cancel-confirmed',
        )
        .reduce((s, l) => s + lineOnPay(l), 0),
    );
    const bill = billsByKey.get(k)?.[0]?.amount_cents;
    if (taken.notes + taken.refunds > most)
      out.push(
        `Order ${orderName(orderId)}, ${nameOf(partnerId)}${month(orderId, partnerId)}: deducted ` +
          `${money(taken.notes + taken.refunds)} (return credit notes ${money(taken.notes)}, refund deductions ` +
          `${money(taken.refunds)}), more than the ${money(most)} their lines earned` +
          (bill === undefined ? '' : ` (bill ${money(bill)})`),
      );
  }
  return out;
}
