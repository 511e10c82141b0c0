import { sql } from 'drizzle-orm';

import type { LineStatus, OnPayResult } from '@bloomline/contract';
import { ON_PAY_EXCL, ON_PAY_INCL, onPay, onPayMap, toRand } from '@bloomline/contract';

import { orderLines, settings } from '../db/schema';
import { vatSetting } from './settings.queries';

/** A line as the on-pay rule reads it (the viewer's lines: only their own for a partner). */
export interface OnPayLine {
  partnerId: number | null;
  partnerName: string | null;
  /** The partner's commission, a fraction (numeric: a number or its text). */
  partnerCommission: number | string | null;
  partnerVatRegistered: boolean | null;
  valueCents: number;
  quantity: number;
  status: string;
}

export interface OnPayOrder {
  isCollection: boolean;
  deliveryFeeCents: number;
  /** The partner of the order's first line that delivers (over all lines, not only the viewer's). */
  delivererId: number | null;
  /** The `vat` setting as stored (see vatSetting). */
  vat: unknown;
}

/**
 * The columns `orderOnPay` needs besides the order's own, as SQL over `orders` (written out: inside a
 * select list Drizzle would render the column unqualified, which the subquery's own `id` would capture): one index lookup per order
 * and the VAT setting read once per statement, so a list computes every row's on pay in its one query.
 */
export const onPayColumns = {
  delivererId: sql<number | null>`(
    select dl.partner_id from ${orderLines} dl
    where dl.order_id = orders.id and dl.partner_delivers order by dl.id limit 1
  )`,
  vat: sql<unknown>`(select s.value from ${settings} s where s.key = 'vat')`,
};

/** Lines that earn their partner money: assigned, and neither rejected nor cancelled. */
const isPaid = (l: OnPayLine): l is OnPayLine & { partnerId: number } =>
  l.partnerId !== null &&
  l.status !== ('cancel-confirmed' satisfies LineStatus) &&
  l.status !== ('rejected' satisfies LineStatus);

/**
 * The on-pay calculation of each partner with paid lines among `lines`, in order of their first line. The
 * delivery fee goes to the partner of the first line that delivers, unless the order is collected. The one
 * place this rule is written: GET /api/orders/{id}/onpayment and the `onPay` of list and detail use it.
 */
export function orderOnPay(
  order: OnPayOrder,
  lines: readonly OnPayLine[],
): { partnerId: number; name: string; result: OnPayResult }[] {
  const vat = vatSetting(order.vat);
  const paid = lines.filter(isPaid);
  const partnerIds = [...new Set(paid.map((l) => l.partnerId))];
  const deliverer = order.isCollection ? null : order.delivererId;
  return partnerIds.map((pid) => {
    const own = paid.filter((l) => l.partnerId === pid);
    const first = own[0]!;
    return {
      partnerId: pid,
      name: first.partnerName ?? '',
      result: onPay({
        lines: own,
        commission: Number(first.partnerCommission ?? 0),
        vatRegistered: Boolean(first.partnerVatRegistered),
        vat,
        deliveryFeeCents: pid === deliverer ? order.deliveryFeeCents : 0,
      }),
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
