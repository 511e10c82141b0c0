import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { PartnerCandidate } from '@bloomline/contract';
import { todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/paged-list';
import { locations, orderLines, orders, partners } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { distanceKm } from '../../shared/distance';
import { awayOn } from '../../shared/partner-away';

/**
 * Partners who could take a line: enabled, not out of office on the delivery date, and not the partner an open
 * line already has (assigning it to them again is a 409), with the haversine distance from the delivery point.
 * "Local" means within the partner's own radius; `all` lifts that.
 */
export async function candidatesFor(
  db: DbOrTx,
  lineId: number,
  opts: { all: boolean; q?: string | undefined },
): Promise<PartnerCandidate[]> {
  const [line] = await db
    .select({
      lat: orders.latitude,
      lng: orders.longitude,
      deliveryDate: orders.deliveryDate,
      partnerId: orderLines.partnerId,
      status: orderLines.status,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, lineId));
  if (!line) throw notFound();
  const day = line.deliveryDate ?? todayInJohannesburg();
  const city = alias(locations, 'city');
  const distance =
    line.lat === null || line.lng === null
      ? sql<number | null>`null::float8`
      : sql<
          number | null
        >`case when ${partners.latitude} is null or ${partners.longitude} is null then null else
          ${distanceKm({ lat: line.lat, lng: line.lng }, { lat: partners.latitude, lng: partners.longitude })}
        end`;
  const needle = opts.q ? containsPattern(opts.q) : null;
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      rating: partners.rating,
      partnerType: partners.partnerType,
      radius: partners.radiusKm,
      city: city.name,
      distance,
    })
    .from(partners)
    .leftJoin(city, eq(city.id, partners.cityId))
    .where(
      and(
        eq(partners.enabled, true),
        sql`not ${awayOn(partners.id, day)}`,
        needle ? sql`lower(${partners.name}) like ${needle}` : undefined,
        line.status === 'open' && line.partnerId !== null ? ne(partners.id, line.partnerId) : undefined,
      ),
    )
    .orderBy(sql`${distance} asc nulls last`, asc(partners.name));
  return rows
    .map((r) => {
      const km = r.distance === null ? null : Number(r.distance);
      return {
        partner: { id: r.id, name: r.name, rating: r.rating, city: r.city, partnerType: r.partnerType },
        distance: km === null ? null : Math.round(km * 100) / 100,
        local: km !== null && km <= r.radius,
      };
    })
    .filter((c) => opts.all || c.local);
}
