import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';

import type { DateRange, LineStatus } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  componentRates,
  components,
  locations,
  orderLines,
  orders,
  partners,
  profitCentres,
  variantComponentRates,
} from '../../db/schema';
import { withinRange } from '../../lib/date-range';
import { distanceKm } from '../../shared/distance';

/**
 * The reports' SQL (DECISIONS.md, "Reporting"). Each is one statement that aggregates where the rows are:
 * the order lines of the orders created in the range are first summed per order (or per variant), a few
 * rows per partner or variant are then summed again, so no report ever brings lines into JavaScript.
 * `reporting.speedups.ts` has the indexes they lean on.
 */

const asNumber = (value: unknown) => Number(value ?? 0);

/** Lines of the orders created in the range (and of one line status), joined to their order. */
function linesInRange(range: DateRange, status?: LineStatus) {
  return and(
    withinRange(orders.createdAt, range),
    status === undefined ? undefined : eq(orderLines.status, status),
  );
}

export interface PartnerOrdersRow {
  partner: number;
  partnerName: string;
  orderCount: number;
  orderItemCount: number;
  orderValueCents: number;
}

/** Per partner: the orders with a line of theirs, those lines and their value; most orders first. */
export async function partnerOrders(
  db: DbOrTx,
  range: DateRange,
  status?: LineStatus,
): Promise<PartnerOrdersRow[]> {
  // One row per partner and order first: counting orders is then a count, not a count(distinct).
  const perOrder = db
    .select({
      partnerId: sql<number>`${orderLines.partnerId}`.as('po_partner_id'),
      lines: sql<number>`count(*)`.as('po_lines'),
      valueCents: sql<number>`sum(${orderLines.quantity}::bigint * ${orderLines.valueCents})`.as(
        'po_value_cents',
      ),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isNotNull(orderLines.partnerId), linesInRange(range, status)))
    .groupBy(orderLines.partnerId, orderLines.orderId)
    .as('per_order');
  const orderCount = sql`count(*)`;
  const rows = await db
    .select({
      partner: partners.id,
      partnerName: partners.name,
      orderCount: orderCount.mapWith(asNumber),
      orderItemCount: sql`sum(${perOrder.lines})`.mapWith(asNumber),
      orderValueCents: sql`sum(${perOrder.valueCents})`.mapWith(asNumber),
    })
    .from(perOrder)
    .innerJoin(partners, eq(partners.id, perOrder.partnerId))
    .groupBy(partners.id)
    .orderBy(desc(orderCount), asc(partners.name), asc(partners.id));
  return rows;
}

/** Where a line's revenue goes when its variant has no recipe (or the line no variant). */
export const NO_PROFIT_CENTRE = 'No profit centre';

/**
 * A variant's profit centre: that of its first recipe line's rate (a product's recipe is priced in one
 * profit centre). One row per variant with a recipe.
 */
function variantProfitCentres(db: DbOrTx) {
  return db
    .selectDistinctOn([variantComponentRates.variantId], {
      variantId: variantComponentRates.variantId,
      profitCentreId: sql<number>`${componentRates.profitCentreId}`.as('variant_profit_centre_id'),
    })
    .from(variantComponentRates)
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
    .orderBy(variantComponentRates.variantId, variantComponentRates.id)
    .as('variant_centre');
}

/**
 * Line values by the variant's profit centre, falling back to the order's profit centre for a line without
 * a priced variant; the largest first.
 */
export async function profitCentreRevenue(
  db: DbOrTx,
  range: DateRange,
  status?: LineStatus,
): Promise<{ profitCentre: string; revenueCents: number }[]> {
  const perVariant = db
    .select({
      variantId: sql<number | null>`${orderLines.productVariantId}`.as('pv_variant_id'),
      orderCentreId: sql<number | null>`${orders.profitCentreId}`.as('pv_order_centre_id'),
      valueCents: sql<number>`sum(${orderLines.quantity}::bigint * ${orderLines.valueCents})`.as(
        'pv_value_cents',
      ),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(linesInRange(range, status))
    .groupBy(orderLines.productVariantId, orders.profitCentreId)
    .as('per_variant');
  const centres = variantProfitCentres(db);
  const revenue = sql`sum(${perVariant.valueCents})`;
  const name = sql<string>`coalesce(${profitCentres.name}, ${NO_PROFIT_CENTRE})`;
  return db
    .select({ profitCentre: name, revenueCents: revenue.mapWith(asNumber) })
    .from(perVariant)
    .leftJoin(centres, eq(centres.variantId, perVariant.variantId))
    .leftJoin(
      profitCentres,
      sql`${profitCentres.id} = coalesce(${centres.profitCentreId}, ${perVariant.orderCentreId})`,
    )
    .groupBy(profitCentres.id, profitCentres.name)
    .orderBy(desc(revenue), asc(name));
}

/**
 * Per partner, the mean seconds from an order's creation to the delivery of its line, over the delivered
 * lines of the orders created in the range; the slowest first.
 */
export async function averageFulfillment(
  db: DbOrTx,
  range: DateRange,
): Promise<{ partner: number; partnerName: string; average: number }[]> {
  const average = sql`avg(extract(epoch from ${orderLines.deliveredAt} - ${orders.createdAt}))`;
  return db
    .select({
      partner: partners.id,
      partnerName: partners.name,
      average: average.mapWith((v) => Math.round(asNumber(v))),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(and(isNotNull(orderLines.deliveredAt), withinRange(orders.createdAt, range)))
    .groupBy(partners.id)
    .orderBy(desc(average), asc(partners.name), asc(partners.id));
}

/**
 * Per component: its quantity in the recipes of the variants sold × the lines' quantities (`count`) and
 * that × its rate's retail price (`valueCents`); the largest value first.
 */
export async function componentSales(
  db: DbOrTx,
  range: DateRange,
): Promise<{ id: number; name: string; valueCents: number; count: number }[]> {
  const sold = db
    .select({
      variantId: sql<number>`${orderLines.productVariantId}`.as('sold_variant_id'),
      quantity: sql<number>`sum(${orderLines.quantity})`.as('sold_quantity'),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isNotNull(orderLines.productVariantId), withinRange(orders.createdAt, range)))
    .groupBy(orderLines.productVariantId)
    .as('sold');
  const count = sql`sum(${variantComponentRates.quantity} * ${sold.quantity})`;
  const value = sql`round(sum(${variantComponentRates.quantity} * ${sold.quantity} * ${componentRates.priceCents}))`;
  return db
    .select({
      id: components.id,
      name: components.name,
      valueCents: value.mapWith(asNumber),
      count: count.mapWith(asNumber),
    })
    .from(sold)
    .innerJoin(variantComponentRates, eq(variantComponentRates.variantId, sold.variantId))
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
    .innerJoin(components, eq(components.id, componentRates.componentId))
    .groupBy(components.id)
    .orderBy(desc(value), asc(components.name), asc(components.id));
}

/**
 * One row per city of the locations tree: whether an enabled florist's radius reaches it (`localDelivery`)
 * and how many enabled partners reach it; by name. A city or partner without coordinates reaches nothing.
 */
export async function collectionStatus(
  db: DbOrTx,
): Promise<{ id: number; name: string; localDelivery: boolean; partners: number }[]> {
  const reaches = sql`${partners.enabled} and ${distanceKm(
    { lat: locations.latitude, lng: locations.longitude },
    { lat: partners.latitude, lng: partners.longitude },
  )} <= ${partners.radiusKm}`;
  return db
    .select({
      id: locations.id,
      name: locations.name,
      localDelivery: sql`coalesce(bool_or(${partners.partnerType} = 'florist'), false)`.mapWith(Boolean),
      partners: sql`count(${partners.id})`.mapWith(asNumber),
    })
    .from(locations)
    .leftJoin(partners, reaches)
    .where(eq(locations.locationType, 'city'))
    .groupBy(locations.id)
    .orderBy(asc(locations.name), asc(locations.id));
}
