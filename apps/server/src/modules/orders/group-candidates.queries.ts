import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { GroupCandidatesQuery, PartnerCandidate } from '@bloomline/contract';
import { todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { locations, orders, partners } from '../../db/schema';
import { containsPattern } from '../../lib/paged-list';
import { distanceKm } from '../../shared/distance';
import { awayOn } from '../../shared/partner-away';

/**
 * Partners who could take the open unassigned lines of a group of orders (a bulk assign, issue 40), as the
 * reassign dialog lists them for one line: enabled and not out of office on any of the orders' delivery dates;
 * `distance` is to the farthest delivery point of the group (the longest trip the partner takes on), and a
 * partner is local when every point is within their radius. Orders without unassigned lines do not count.
 * Staff only (the route's guard): no partner scope.
 */
export async function groupCandidatesFor(
  db: DbOrTx,
  query: GroupCandidatesQuery,
  today = todayInJohannesburg(),
): Promise<PartnerCandidate[]> {
  const ids = `{${query.ids.join(',')}}`;
  // The group's delivery points and days: at most 500 rows, read where each partner's figures need them.
  const points = sql`(select distinct o.latitude as lat, o.longitude as lng,
      coalesce(o.delivery_date, ${today}::date) as day
    from ${orders} o where o.id = any(${ids}::int[]) and o.has_unassigned)`;
  const [group] = await db
    .select({
      count: sql<number>`count(*)::int`,
      unknown: sql<number>`count(*) filter (where lat is null or lng is null)::int`,
    })
    .from(sql`${points} as pt`);
  if (!group || group.count === 0) return [];
  const farthest = sql<number | null>`(select max(${distanceKm(
    { lat: sql`pt.lat`, lng: sql`pt.lng` },
    { lat: partners.latitude, lng: partners.longitude },
  )}) from ${points} as pt where pt.lat is not null and pt.lng is not null)`;
  // A point without coordinates, or a partner without them, leaves the distance unknown (as for one line).
  const distance =
    group.unknown > 0
      ? sql<number | null>`null::float8`
      : sql<number | null>`case when ${partners.latitude} is null or ${partners.longitude} is null then null
          else ${farthest} end`;
  const city = alias(locations, 'city');
  const needle = query.q ? containsPattern(query.q) : null;
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
        sql`not exists (select 1 from ${points} as pt where ${awayOn(partners.id, sql`pt.day`)})`,
        needle ? sql`lower(${partners.name}) like ${needle}` : undefined,
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
    .filter((c) => query.all || c.local);
}
