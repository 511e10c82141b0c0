import { type SQL, sql } from 'drizzle-orm';

import type { LineStatus, OnPayResult } from '@bloomline/contract';
import { ON_PAY_EXCL, ON_PAY_INCL, onPay, onPayMap, toRand } from '@bloomline/contract';

import { bills, orderLines } from '../db/schema';

/** A line as the on-pay rule reads it (the viewer's lines: only their own for a partner). */
export interface OnPayLine {
  partnerId: number | null;
  partnerName: string | null;
  /**
   * The pay terms the line was assigned with (order_lines.pay_*: issue 46, fixed at assignment, never the
   * partner's or the settings' of today): the commission and VAT rate, fractions (numeric: a number or its
   * text), and whether the partner was VAT registered. Null while unassigned.
   */
  payCommission: number | string | null;
  payVatRate: number | string | null;
  payVatRegistered: boolean | null;
  valueCents: number;
  quantity: number;
  status: string;
}

export interface OnPayOrder {
  isCollection: boolean;
  deliveryFeeCents: number;
  /** The partner of the order's first line that delivers (over all lines, not only the viewer's). */
  delivererId: number | null;
  /**
   * The order's bills (`billedJson`: JSON text of `[{ partnerId, cents }]`, or null): once a partner is
   * billed for the order, the bill is their on pay incl. delivery. Absent when bills are being worked out.
   */
  billed?: string | null;
}

/** The bills of the order whose id is `orderId`, as JSON text (`OnPayOrder.billed`): one index lookup. */
export const billedJson = (orderId: SQL) => sql<string | null>`(
    select json_agg(json_build_object('partnerId', bl.partner_id, 'cents', bl.amount_cents))::text
    from ${bills} bl where bl.order_id = ${orderId}
  )`;

/**
 * The columns `orderOnPay` needs besides the order's own, as SQL over `orders` (written out: inside a
 * select list Drizzle would render the column unqualified, which the subquery's own `id` would capture): an
 * index lookup or two per order, so a list computes every row's on pay in its one query.
 */
export const onPayColumns = {
  delivererId: sql<number | null>`(
    select dl.partner_id from ${orderLines} dl
    where dl.order_id = orders.id and dl.partner_delivers order by dl.id limit 1
  )`,
  billed: billedJson(sql.raw('orders.id')),
};

/** `OnPayOrder.billed` read: each billed partner's bill in cents. */
function billedCents(billed: string | null | undefined): Map<number, number> {
  if (!billed) return new Map();
  const rows = JSON.parse(billed) as { partnerId: number; cents: number }[];
  return new Map(rows.map((b) => [b.partnerId, b.cents]));
}

export const BILL_ADJUSTMENT = 'Adjusted to the bill';

/**
 * The calculation as billed: the bill is the partner's on pay incl. delivery. A bill is written from the
 * same terms, so the two differ only for lines assigned before issue 46 (migration 0024 could give them only
 * today's terms): then a row says by how much, so the steps still add up to the bill.
 */
function asBilled(result: OnPayResult, billCents: number): OnPayResult {
  const diff = billCents - result.includingDeliveryCents;
  if (diff === 0) return result;
  const rows = result.rows.flatMap((r) => {
    if (r.label === ON_PAY_EXCL)
      return [
        { label: BILL_ADJUSTMENT, cents: diff },
        { ...r, cents: r.cents + diff },
      ];
    return r.label === ON_PAY_INCL ? [{ ...r, cents: billCents }] : [r];
  });
  return {
    rows,
    excludingDeliveryCents: result.excludingDeliveryCents + diff,
    includingDeliveryCents: billCents,
  };
}

/** Lines that earn their partner money: assigned, and neither rejected nor cancelled. */
const isPaid = (l: OnPayLine): l is OnPayLine & { partnerId: number } =>
  l.partnerId !== null &&
  l.status !== ('cancel-confirmed' satisfies LineStatus) &&
  l.status !== ('rejected' satisfies LineStatus);

/**
 * The on-pay calculation of each partner with paid lines among `lines`, in order of their first line. The
 * delivery fee goes to the partner of the first line that delivers, unless the order is collected. The terms
 * are the partner's first line's (a partner's lines on one order share them: migration 0024's trigger); a
 * billed partner's on pay is their bill. The one place this rule is written: GET /api/orders/{id}/onpayment,
 * the `onPay` of list and detail, the bill at delivery and the accounting report use it.
 */
export function orderOnPay(
  order: OnPayOrder,
  lines: readonly OnPayLine[],
): { partnerId: number; name: string; result: OnPayResult }[] {
  const billed = billedCents(order.billed);
  const paid = lines.filter(isPaid);
  const partnerIds = [...new Set(paid.map((l) => l.partnerId))];
  const deliverer = order.isCollection ? null : order.delivererId;
  return partnerIds.map((pid) => {
    const own = paid.filter((l) => l.partnerId === pid);
    const first = own[0]!;
    const result = onPay({
      lines: own,
      commission: Number(first.payCommission ?? 0),
      vatRegistered: Boolean(first.payVatRegistered),
      vat: Number(first.payVatRate ?? 0),
      deliveryFeeCents: pid === deliverer ? order.deliveryFeeCents : 0,
    });
    const bill = billed.get(pid);
    return {
      partnerId: pid,
      name: first.partnerName ?? '',
      result: bill === undefined ? result : asBilled(result, bill),
    };
  });
}

/** What the viewer is paid for the order incl. delivery, in cents: for staff, every partner's together. */
export function onPayTotalCents(order: OnPayOrder, lines: readonly OnPayLine[]): number {
  return orderOnPay(order, lines).reduce((sum, p) => sum + p.result.includingDeliveryCents, 0);
}

/**
 * GET /api/orders/{id}/onpayment's key/value map of `orderOnPay`'s answer: one partner's steps, or with
 * several partners each one's steps prefixed with their name, then the totals.
 */
export function onPaymentMap(partners: ReturnType<typeof orderOnPay>): Record<string, number> {
  if (partners.length === 0)
    return onPayMap(
      onPay({ lines: [], commission: 0, vatRegistered: false, vat: 0, deliveryFeeCents: 0 }).rows,
    );
  if (partners.length === 1) return onPayMap(partners[0]!.result.rows);
  const map: Record<string, number> = {};
  for (const p of partners)
    for (const step of p.result.rows) map[`${p.name}: ${step.label}`] = toRand(step.cents);
  map[ON_PAY_EXCL] = toRand(partners.reduce((s, p) => s + p.result.excludingDeliveryCents, 0));
  map[ON_PAY_INCL] = toRand(partners.reduce((s, p) => s + p.result.includingDeliveryCents, 0));
  return map;
}
