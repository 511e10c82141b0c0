import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { RefundListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  orderLines,
  orders,
  partners,
  productImages,
  products,
  productVariants,
  refundLines,
  refundPartners,
  refunds,
  users,
} from '../../db/schema';
import { searchWhere, sqlInteger } from '../../lib/paged-list';
import { countRows } from '../../shared/rows';

const NEWEST_FIRST = [desc(refunds.createdAt), desc(refunds.id)];

// Written out (a subquery's own columns would capture an unqualified `id`): the order's name, for the search.
const orderName = sql<string>`(select o.name from ${orders} o where o.id = refunds.order_id)`;

/** `q` over the refund's and the order's name; `status` open (responsible still null) or processed. */
const matching = (q: Pick<RefundListQuery, 'q' | 'status'>) =>
  and(
    searchWhere(q.q, [refunds.name, orderName]),
    q.status === undefined
      ? undefined
      : q.status === 'open'
        ? isNull(refunds.responsible)
        : isNotNull(refunds.responsible),
  );

/** One page of refund ids, newest first (the total is counted apart: see `countedPageOf`). */
export const refundPageIds = (
  db: DbOrTx,
  q: RefundListQuery,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select({ id: refunds.id })
    .from(refunds)
    .where(matching(q))
    .orderBy(...(q.d === 'asc' ? [asc(refunds.createdAt), asc(refunds.id)] : NEWEST_FIRST))
    .limit(sqlInteger(limit))
    .offset(sqlInteger(offset));

export async function refundCount(db: DbOrTx, q: RefundListQuery): Promise<number> {
  return countRows(db, refunds, matching(q));
}

/** How many refunds the order has (the next one's number). */
export async function refundsOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  return countRows(db, refunds, eq(refunds.orderId, orderId));
}

/** A refund's share of one partner, as the card reads it (from JSON: the partner's name, who processed it). */
export interface RefundShareRow {
  id: number;
  partnerId: number;
  partnerName: string;
  responsible: string | null;
  refundDeductionCents: number;
  processedByName: string | null;
}

/** A refund's line with the product and variant it was sold as (null when gone; the line's own title stays). */
export interface RefundLineRow {
  id: number;
  orderLineId: number;
  refundPartnerId: number | null;
  amountCents: number;
  onPayAmountCents: number;
  lineTitle: string;
  productId: number | null;
  productTitle: string | null;
  variantTitle: string | null;
}

/**
 * The refunds with their order, their shares per partner (in id order) and their lines (in id order), newest
 * first: one statement, each refund's shares and lines gathered beside it.
 */
export const refundRows = (db: DbOrTx, ids: number[]) =>
  db
    .select({
      id: refunds.id,
      name: refunds.name,
      createdAt: refunds.createdAt,
      amountCents: refunds.amountCents,
      onPayCents: refunds.onPayCents,
      onPayAmountCents: refunds.onPayAmountCents,
      responsible: refunds.responsible,
      processedAt: refunds.processedAt,
      reason: refunds.reason,
      order: {
        id: orders.id,
        name: orders.name,
        totalValueCents: orders.totalValueCents,
        deliveryFeeCents: orders.deliveryFeeCents,
        firstName: orders.firstName,
        lastName: orders.lastName,
      },
      shares: sql<RefundShareRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', rp.id, 'partnerId', p.id, 'partnerName', p.name, 'responsible', rp.responsible,
          'refundDeductionCents', rp.refund_deduction_cents, 'processedByName', u.name
        ) order by rp.id), '[]')
        from ${refundPartners} rp
        join ${partners} p on p.id = rp.partner_id
        left join ${users} u on u.id = rp.processed_by
        where rp.refund_id = ${refunds.id})`,
      lines: sql<RefundLineRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', rl.id, 'orderLineId', rl.order_line_id, 'refundPartnerId', rl.refund_partner_id, 'amountCents', rl.amount_cents,
          'onPayAmountCents', rl.on_pay_amount_cents, 'lineTitle', ol.title, 'productId', pr.id,
          'productTitle', pr.title, 'variantTitle', pv.title
        ) order by rl.id), '[]')
        from ${refundLines} rl
        join ${orderLines} ol on ol.id = rl.order_line_id
        left join ${productVariants} pv on pv.id = ol.product_variant_id
        left join ${products} pr on pr.id = pv.product_id
        where rl.refund_id = ${refunds.id})`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(inArray(refunds.id, ids))
    .orderBy(...NEWEST_FIRST);

/** The products' pictures in their order. */
export const imagesOfProducts = (db: DbOrTx, productIds: number[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          productId: productImages.productId,
          url: productImages.url,
          altText: productImages.altText,
        })
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));

/** The refund's row, locked for its processing: two staff at once queue here and the second sees it processed. */
export async function lockRefund(db: DbOrTx, id: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row ?? null;
}

/**
 * Each share of the refund with the on pay of its lines: what the deduction is split by. Shares are read in
 * id order, which is also the order their rows are updated in.
 */
export const refundShares = (db: DbOrTx, refundId: number) =>
  db
    .select({
      id: refundPartners.id,
      partnerId: refundPartners.partnerId,
      partnerName: partners.name,
      weightCents: sql<number>`coalesce((select sum(${refundLines.onPayAmountCents}) from ${refundLines} where ${refundLines.refundPartnerId} = ${refundPartners.id}), 0)::int`,
    })
    .from(refundPartners)
    .innerJoin(partners, eq(partners.id, refundPartners.partnerId))
    .where(eq(refundPartners.refundId, refundId))
    .orderBy(asc(refundPartners.id));

/** The refund's lines: which order line, whose share, and the on pay of the refunded amount (cents). */
export const refundLinesOf = (db: DbOrTx, refundId: number) =>
  db
    .select({
      id: refundLines.id,
      orderLineId: refundLines.orderLineId,
      refundPartnerId: refundLines.refundPartnerId,
      onPayAmountCents: refundLines.onPayAmountCents,
    })
    .from(refundLines)
    .where(eq(refundLines.refundId, refundId))
    .orderBy(asc(refundLines.id));

/** Writes each refund line's part of the deduction (cents); lines with none stay at 0. */
export async function setLineDeductions(tx: DbOrTx, parts: readonly { id: number; cents: number }[]) {
  for (const { id, cents } of parts)
    if (cents > 0) await tx.update(refundLines).set({ deductionCents: cents }).where(eq(refundLines.id, id));
}
