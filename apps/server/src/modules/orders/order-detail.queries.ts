import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';

import type { HistoryEntry, LineStatus, OrderDetail } from '@bloomline/contract';
import { guidelineText, onPay, onPayMap, STATUS_ID, toRand } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  adjustments,
  colours,
  companies,
  componentRates,
  components,
  componentUnits,
  customers,
  measureUnits,
  orderHistory,
  orderLines,
  orders,
  partners,
  productImages,
  products,
  productVariants,
  profitCentres,
  refundLines,
  returnLines,
  returns,
  users,
  variantComponentRates,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { readSettings } from '../auth/auth.queries';
import { linesOf, summaryColumns, toSummary } from './orders.queries';
import { visibleLines } from './orders.scope';
import type { Viewer } from './orders.scope';

/** The order as this viewer may see it; 404 when a partner has no line in it (or it does not exist). */
export async function findOrderFor(db: DbOrTx, viewer: Viewer, orderId: number) {
  const [row] = await db
    .select({ ...summaryColumns, notes: orders.notes })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound();
  const lines = await linesOf(db, viewer, [orderId]);
  if (viewer.kind === 'partner' && lines.length === 0) throw notFound();
  return { row, lines };
}

/** Guideline texts per variant: "2 x Red rose - stem (Red)". */
export async function guidelinesFor(db: DbOrTx, variantIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (variantIds.length === 0) return map;
  const rows = await db
    .select({
      variantId: variantComponentRates.variantId,
      quantity: variantComponentRates.quantity,
      name: components.name,
      unit: measureUnits.name,
      colour: colours.name,
    })
    .from(variantComponentRates)
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
    .innerJoin(components, eq(components.id, componentRates.componentId))
    .leftJoin(componentUnits, eq(componentUnits.id, components.unitId))
    .leftJoin(measureUnits, eq(measureUnits.id, componentUnits.measureUnitId))
    .leftJoin(colours, eq(colours.id, components.colourId))
    .where(inArray(variantComponentRates.variantId, variantIds))
    .orderBy(asc(variantComponentRates.id));
  for (const r of rows) {
    const list = map.get(r.variantId) ?? [];
    list.push(guidelineText({ quantity: Number(r.quantity), name: r.name, unit: r.unit, colour: r.colour }));
    map.set(r.variantId, list);
  }
  return map;
}

export async function orderDetail(db: DbOrTx, viewer: Viewer, orderId: number): Promise<OrderDetail> {
  const { row, lines } = await findOrderFor(db, viewer, orderId);
  const summary = toSummary(viewer, row, lines);
  const lineIds = lines.map((l) => l.id);
  const staff = viewer.kind === 'staff';

  const [extraLines, lineReturns, lineRefunds, adjustmentRows, extraRows] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        productVariantId: orderLines.productVariantId,
        giftMessage: orderLines.giftMessage,
        customName: orderLines.customName,
        variantTitle: productVariants.title,
        productId: productVariants.productId,
      })
      .from(orderLines)
      .leftJoin(productVariants, eq(productVariants.id, orderLines.productVariantId))
      .where(inArray(orderLines.id, lineIds.length ? lineIds : [-1])),
    db
      .select({
        id: returns.id,
        name: returns.name,
        status: returns.status,
        lineId: returnLines.orderLineId,
        quantity: returnLines.quantity,
        reason: returnLines.reason,
        reasonNote: returnLines.reasonNote,
      })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(inArray(returnLines.orderLineId, lineIds.length ? lineIds : [-1])),
    db
      .select({ lineId: refundLines.orderLineId })
      .from(refundLines)
      .where(inArray(refundLines.orderLineId, lineIds.length ? lineIds : [-1])),
    staff
      ? db
          .select({
            id: adjustments.id,
            title: adjustments.title,
            quantity: adjustments.quantity,
            valueCents: adjustments.valueCents,
            partnerId: adjustments.partnerId,
            partnerName: partners.name,
          })
          .from(adjustments)
          .leftJoin(partners, eq(partners.id, adjustments.partnerId))
          .where(eq(adjustments.orderId, orderId))
          .orderBy(asc(adjustments.id))
      : Promise.resolve([]),
    staff
      ? db
          .select({
            source: orders.source,
            paymentType: orders.paymentType,
            email: orders.email,
            fullyPaid: orders.fullyPaid,
            customer: customers.name,
            companyName: companies.name,
            profitCentre: profitCentres.name,
          })
          .from(orders)
          .leftJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(companies, eq(companies.id, orders.companyId))
          .leftJoin(profitCentres, eq(profitCentres.id, orders.profitCentreId))
          .where(eq(orders.id, orderId))
      : Promise.resolve([]),
  ]);

  const productIds = [...new Set(extraLines.map((l) => l.productId).filter((x): x is number => x !== null))];
  const [images, productTitles, guidelines] = await Promise.all([
    productIds.length
      ? db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, productIds))
          .orderBy(asc(productImages.position))
      : Promise.resolve([]),
    productIds.length
      ? db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, productIds))
      : Promise.resolve([]),
    guidelinesFor(db, [
      ...new Set(extraLines.map((l) => l.productVariantId).filter((x): x is number => x !== null)),
    ]),
  ]);

  return {
    ...summary,
    notes: row.notes,
    lines: summary.lines.map((line) => {
      const extra = extraLines.find((e) => e.id === line.id);
      const image = extra?.productId ? images.find((i) => i.productId === extra.productId) : undefined;
      const productTitle = productTitles.find((p) => p.id === extra?.productId)?.title;
      return {
        ...line,
        productVariantId: extra?.productVariantId ?? null,
        returns: lineReturns
          .filter((r) => r.lineId === line.id)
          .map((r) => ({
            id: r.id,
            name: r.name,
            status: r.status,
            quantity: r.quantity,
            reason: r.reason,
            reasonNote: r.reasonNote,
          })),
        hasRefund: lineRefunds.some((r) => r.lineId === line.id),
        product_components: extra?.productVariantId ? (guidelines.get(extra.productVariantId) ?? []) : [],
        giftMessage: extra?.giftMessage ?? null,
        customName: extra?.customName ?? null,
        image: image ? { url: image.url, altText: image.altText ?? productTitle ?? line.title } : null,
        variantTitle: extra?.variantTitle ?? null,
      };
    }),
    adjustments: adjustmentRows.map((a) => ({
      id: a.id,
      title: a.title,
      quantity: a.quantity,
      value: toRand(a.valueCents),
      partner: a.partnerId === null ? null : { id: a.partnerId, name: a.partnerName ?? '' },
    })),
    extra: extraRows[0] ?? null,
  };
}

export async function orderHistoryFor(db: DbOrTx, viewer: Viewer, orderId: number): Promise<HistoryEntry[]> {
  const { lines } = await findOrderFor(db, viewer, orderId);
  const scope =
    viewer.kind === 'partner'
      ? or(
          isNull(orderHistory.orderLineId),
          inArray(orderHistory.orderLineId, lines.length ? lines.map((l) => l.id) : [-1]),
        )
      : undefined;
  const rows = await db
    .select({
      id: orderHistory.id,
      message: orderHistory.message,
      status: orderHistory.status,
      reason: orderHistory.reason,
      createdAt: orderHistory.createdAt,
      user: users.name,
    })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.userId))
    .where(and(eq(orderHistory.orderId, orderId), scope))
    .orderBy(desc(orderHistory.createdAt), desc(orderHistory.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * GET /api/orders/{id}/onpayment: the on-pay calculation for the viewer's partner, or for staff the
 * calculation per partner on the order (prefixed with the partner's name when there are several).
 * The delivery fee goes to the partner of the first line that delivers, unless the order is collected.
 */
export async function onPaymentFor(
  db: DbOrTx,
  viewer: Viewer,
  orderId: number,
): Promise<Record<string, number>> {
  const { row } = await findOrderFor(db, viewer, orderId);
  const all = await db
    .select({
      id: orderLines.id,
      partnerId: orderLines.partnerId,
      valueCents: orderLines.valueCents,
      quantity: orderLines.quantity,
      status: orderLines.status,
      partnerDelivers: orderLines.partnerDelivers,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), visibleLines(viewer)))
    .orderBy(asc(orderLines.id));
  const paid = all.filter(
    (l) =>
      l.partnerId !== null &&
      l.status !== ('cancel-confirmed' satisfies LineStatus) &&
      l.status !== 'rejected',
  );
  const partnerIds = [...new Set(paid.map((l) => l.partnerId!))];
  if (partnerIds.length === 0)
    return onPayMap(
      onPay({ lines: [], commission: 0, vatRegistered: false, vat: 0, deliveryFeeCents: 0 }).rows,
    );
  const [{ vat }, partnerRows, firstDeliverer] = await Promise.all([
    readSettings(db),
    db
      .select({
        id: partners.id,
        name: partners.name,
        commission: partners.commission,
        vatNumber: partners.vatNumber,
      })
      .from(partners)
      .where(inArray(partners.id, partnerIds)),
    db
      .select({ partnerId: orderLines.partnerId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.partnerDelivers, true)))
      .orderBy(asc(orderLines.id))
      .limit(1),
  ]);
  const deliverer = row.isCollection ? null : (firstDeliverer[0]?.partnerId ?? null);
  const results = partnerIds.map((pid) => {
    const p = partnerRows.find((x) => x.id === pid)!;
    return {
      name: p.name,
      result: onPay({
        lines: paid.filter((l) => l.partnerId === pid),
        commission: Number(p.commission),
        vatRegistered: Boolean(p.vatNumber),
        vat,
        deliveryFeeCents: pid === deliverer ? row.deliveryFeeCents : 0,
      }),
    };
  });
  if (results.length === 1) return onPayMap(results[0]!.result.rows);
  const map: Record<string, number> = {};
  for (const r of results)
    for (const step of r.result.rows) map[`${r.name}: ${step.label}`] = toRand(step.cents);
  map['On pay (Excl Delivery)'] = toRand(results.reduce((s, r) => s + r.result.excludingDeliveryCents, 0));
  map['On pay (Incl Delivery)'] = toRand(results.reduce((s, r) => s + r.result.includingDeliveryCents, 0));
  return map;
}

export { STATUS_ID };
