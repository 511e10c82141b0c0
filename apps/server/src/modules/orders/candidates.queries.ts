import { eq, sql } from 'drizzle-orm';

import type { PartnerCandidate } from '@bloomline/contract';
import { todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orderLines, orders, partners } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { distanceKm } from '../../shared/distance';
import { awayOn } from '../../shared/partner-away';
import { candidatePartners } from './candidate-partners';

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
  const distance =
    line.lat === null || line.lng === null
      ? sql<number | null>`null::float8`
      : sql<
          number | null
        >`case when ${partners.latitude} is null or ${partners.longitude} is null then null else
          ${distanceKm({ lat: line.lat, lng: line.lng }, { lat: partners.latitude, lng: partners.longitude })}
        end`;
  const candidates = await candidatePartners(db, {
    distance,
    free: sql`not ${awayOn(partners.id, day)}`,
    q: opts.q,
    notId: line.status === 'open' && line.partnerId !== null ? line.partnerId : undefined,
  });
  return candidates.filter((c) => opts.all || c.local);
}
