import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';

import type { DateRange, LineStatus } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  componentRates,
  components,
  locations,
  partners,
  profitCentres,
  reportPartnerDays,
  reportVariantDays,
  variantComponentRates,
} from '../../db/schema';
import { daysWithin } from '../../lib/date-range';
import { distanceKm } from '../../shared/distance';

/**
 * The reports' SQL (DECISIONS.md, "Reporting"). Four of them read the daily roll-up of the order lines
 * (db/schema/reporting.ts, kept by the database's triggers and brought up to date by `refreshed`): a year
 * is a few hundred rows a day summed in one statement, never a year's lines, and nothing reaches JavaScript
 * but the answer's rows.
 */

const asNumber = (value: unknown) => Number(value ?? 0);

/**
 * Brings the daily roll-up (db/schema/reporting.ts) up to date: recomputes the days that writes noted since
 * the last refresh (today's, as a rule: a few thousand lines), so a report never reads a stale day.
 */
async function refreshed(db: DbOrTx) {
  await db.execute(sql`select report_refresh()`);
  return db;
}

/** The roll-up's rows of the range, of one line status or (undefined) of every status together. */
function partnerDaysOf(range: DateRange, status?: LineStatus) {
  return and(
    daysWithin(reportPartnerDays.day, range),
    status === undefined ? isNull(reportPartnerDays.status) : eq(reportPartnerDays.status, status),
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
  // An order is created on one day, so its partner's orders add up over days without counting one twice.
  const orderCount = sql`sum(${reportPartnerDays.orders})`;
  return (await refreshed(db))
    .select({
      partner: partners.id,
      partnerName: partners.name,
      orderCount: orderCount.mapWith(asNumber),
      orderItemCount: sql`sum(${reportPartnerDays.lines})`.mapWith(asNumber),
      orderValueCents: sql`sum(${reportPartnerDays.valueCents})`.mapWith(asNumber),
    })
    .from(reportPartnerDays)
    .innerJoin(partners, eq(partners.id, reportPartnerDays.partnerId))
    .where(partnerDaysOf(range, status))
    .groupBy(partners.id)
    .orderBy(desc(orderCount), asc(partners.name), asc(partners.id));
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
 * a priced variant; the largest first. Recipes are joined as they are now, so a recipe moved to another
 * profit centre moves its history with it, as before the roll-up.
 */
export async function profitCentreRevenue(
  db: DbOrTx,
  range: DateRange,
  status?: LineStatus,
): Promise<{ profitCentre: string; revenueCents: number }[]> {
  await refreshed(db);
  const perVariant = db
    .select({
      variantId: sql<number | null>`${reportVariantDays.variantId}`.as('pv_variant_id'),
      orderCentreId: sql<number | null>`${reportVariantDays.orderProfitCentreId}`.as('pv_order_centre_id'),
      valueCents: sql<number>`sum(${reportVariantDays.valueCents})`.as('pv_value_cents'),
    })
    .from(reportVariantDays)
    .where(
      and(
        daysWithin(reportVariantDays.day, range),
        status === undefined ? undefined : eq(reportVariantDays.status, status),
      ),
    )
    .groupBy(reportVariantDays.variantId, reportVariantDays.orderProfitCentreId)
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
  const average = sql`sum(${reportPartnerDays.deliveredSeconds}) / sum(${reportPartnerDays.deliveredLines})`;
  return (await refreshed(db))
    .select({
      partner: partners.id,
      partnerName: partners.name,
      average: average.mapWith((v) => Math.round(asNumber(v))),
    })
    .from(reportPartnerDays)
    .innerJoin(partners, eq(partners.id, reportPartnerDays.partnerId))
    .where(and(partnerDaysOf(range), gt(reportPartnerDays.deliveredLines, 0)))
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
  await refreshed(db);
  const sold = db
    .select({
      variantId: sql<number>`${reportVariantDays.variantId}`.as('sold_variant_id'),
      quantity: sql<number>`sum(${reportVariantDays.quantity})`.as('sold_quantity'),
    })
    .from(reportVariantDays)
    .where(and(isNotNull(reportVariantDays.variantId), daysWithin(reportVariantDays.day, range)))
    .groupBy(reportVariantDays.variantId)
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
