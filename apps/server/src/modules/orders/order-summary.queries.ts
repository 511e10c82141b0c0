import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';

import type { LineStatus, OrderSummary } from '@bloomline/contract';
import { deriveOrderStatus, toRand } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orderLines, orders, partners, refundLines, returnLines } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';
import { onPayColumns, onPayTotalCents } from '../../shared/order-onpay';
import { visibleLines } from './orders.scope';

// An order as both the list and the detail read it: its columns, its lines (only the viewer's own for a
// partner) and the one function that turns them into the answer's summary.

/**
 * Whether a line has a return, and a refund: the one definition every read uses (a partner's flags are
 * their own lines'; staff see the order's own flags, kept in step with these rows).
 */
export const lineHasReturn = (lineId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${returnLines} rl where rl.order_line_id = ${lineId})`;
export const lineHasRefund = (lineId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${refundLines} rf where rf.order_line_id = ${lineId})`;

export const summaryColumns = {
  id: orders.id,
  name: orders.name,
  status: orders.status,
  createdAt: orders.createdAt,
  deliveryDate: orders.deliveryDate,
  isCollection: orders.isCollection,
  firstName: orders.firstName,
  lastName: orders.lastName,
  phone: orders.phone,
  company: orders.company,
  address1: orders.address1,
  address2: orders.address2,
  city: orders.city,
  country: orders.country,
  postalCode: orders.postalCode,
  latitude: orders.latitude,
  longitude: orders.longitude,
  locationApproximate: orders.locationApproximate,
  deliveryFeeCents: orders.deliveryFeeCents,
  totalValueCents: orders.totalValueCents,
  hasRefund: orders.hasRefund,
  hasReturn: orders.hasReturn,
  notes: orders.notes,
  ...onPayColumns,
};
type OrderColumn = Exclude<keyof typeof summaryColumns, keyof typeof onPayColumns>;
export type SummaryRow = Pick<typeof orders.$inferSelect, OrderColumn> & {
  delivererId: number | null;
  billed: string | null;
};

export interface LineRow {
  id: number;
  orderId: number;
  title: string;
  quantity: number;
  valueCents: number;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
  productVariantId: number | null;
  giftMessage: string | null;
  customName: string | null;
  /** The pay terms the line was assigned with, for the on-pay rule (see OnPayLine). */
  payCommission: number | string | null;
  payVatRate: number | string | null;
  payVatRegistered: boolean | null;
  hasReturn: boolean;
  hasRefund: boolean;
}

/**
 * A line's fields as the list and detail queries aggregate them, for `json_build_object` over
 * `order_lines l left join partners p`: the one place the JSON line's shape is written (see LineRow).
 */
export const lineJsonFields = sql`'id', l.id, 'orderId', l.order_id, 'title', l.title, 'quantity', l.quantity,
      'valueCents', l.value_cents, 'status', l.status, 'partnerId', l.partner_id, 'partnerName', p.name,
      'productVariantId', l.product_variant_id, 'giftMessage', l.gift_message, 'customName', l.custom_name,
      'payCommission', l.pay_commission, 'payVatRate', l.pay_vat_rate, 'payVatRegistered', l.pay_vat_registered,
      'hasReturn', ${lineHasReturn(sql.raw('l.id'))}, 'hasRefund', ${lineHasRefund(sql.raw('l.id'))}`;

export async function linesOf(db: DbOrTx, viewer: Viewer, orderIds: number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      valueCents: orderLines.valueCents,
      status: orderLines.status,
      partnerId: orderLines.partnerId,
      partnerName: partners.name,
      productVariantId: orderLines.productVariantId,
      giftMessage: orderLines.giftMessage,
      customName: orderLines.customName,
      payCommission: orderLines.payCommission,
      payVatRate: orderLines.payVatRate,
      payVatRegistered: orderLines.payVatRegistered,
      hasReturn: lineHasReturn(orderLines.id),
      hasRefund: lineHasRefund(orderLines.id),
    })
    .from(orderLines)
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(and(inArray(orderLines.orderId, orderIds), visibleLines(viewer)))
    .orderBy(asc(orderLines.id));
}

/**
 * For a partner the order's value is their lines plus the delivery fee; status is their lines' status;
 * `onPay` what they are paid incl. delivery (for staff, what every partner on the order is paid).
 */
export function toSummary(viewer: Viewer, row: SummaryRow, lines: LineRow[]): OrderSummary {
  const mine = lines.filter((l) => l.orderId === row.id);
  const partnerView = viewer.kind === 'partner';
  const linesValue = mine.reduce((s, l) => s + l.valueCents * l.quantity, 0);
  return {
    id: row.id,
    name: row.name,
    status: partnerView
      ? deriveOrderStatus(mine.map((l) => ({ status: l.status as LineStatus })))
      : (row.status as LineStatus),
    created_at: row.createdAt.toISOString(),
    deliveryDate: row.deliveryDate,
    isCollection: row.isCollection,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    country: row.country,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    locationApproximate: row.locationApproximate,
    deliveryFee: toRand(row.deliveryFeeCents),
    totalValue: toRand(partnerView ? linesValue + row.deliveryFeeCents : row.totalValueCents),
    // A partner's flags are their own lines' (another partner's return is none of their business).
    hasRefund: partnerView ? mine.some((l) => l.hasRefund) : row.hasRefund,
    hasReturn: partnerView ? mine.some((l) => l.hasReturn) : row.hasReturn,
    notes: row.notes,
    onPay: toRand(onPayTotalCents(row, mine)),
    lines: mine.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      value: toRand(l.valueCents),
      status: l.status as LineStatus,
      partner: l.partnerId === null ? null : { id: l.partnerId, name: l.partnerName ?? '' },
      productVariantId: l.productVariantId,
      giftMessage: l.giftMessage,
      customName: l.customName,
    })),
  };
}
