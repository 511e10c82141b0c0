import { sql } from 'drizzle-orm';

import type { GroupCandidatesQuery, PartnerCandidate } from '@bloomline/contract';
import { todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orders, partners } from '../../db/schema';
import { distanceKm } from '../../shared/distance';
import { awayOn } from '../../shared/partner-away';
import { candidatePartners } from './candidate-partners';

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
  const candidates = await candidatePartners(db, {
    distance,
    free: sql`not exists (select 1 from ${points} as pt where ${awayOn(partners.id, sql`pt.day`)})`,
    q: query.q,
  });
  return candidates.filter((c) => query.all || c.local);
}
