import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { PartnerCandidate } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { locations, partners } from '../../db/schema';
import { containsPattern } from '../../lib/paged-list';

/**
 * The enabled partners who are `free` (a condition: not out of office when the work is due), whose name holds
 * `q`, but `notId`, nearest first (`distance` in km, SQL; unknown ones last), each with whether the distance is
 * within their own radius. What the reassign dialog (one line) and a bulk assign (a group of orders) list; each
 * says what distance and free mean for it.
 */
export async function candidatePartners(
  db: DbOrTx,
  {
    distance,
    free,
    q,
    notId,
  }: { distance: SQL<number | null>; free: SQL; q?: string | undefined; notId?: number },
): Promise<PartnerCandidate[]> {
  const city = alias(locations, 'city');
  const needle = q ? containsPattern(q) : null;
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
        free,
        needle ? sql`lower(${partners.name}) like ${needle}` : undefined,
        notId === undefined ? undefined : ne(partners.id, notId),
      ),
    )
    .orderBy(sql`${distance} asc nulls last`, asc(partners.name));
  return rows.map((r) => {
    const km = r.distance === null ? null : Number(r.distance);
    return {
      partner: { id: r.id, name: r.name, rating: r.rating, city: r.city, partnerType: r.partnerType },
      distance: km === null ? null : Math.round(km * 100) / 100,
      local: km !== null && km <= r.radius,
    };
  });
}
