import { and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { partnerOfflineTimes, partners } from '../../db/schema';

const columns = {
  id: partnerOfflineTimes.id,
  partnerId: partnerOfflineTimes.partnerId,
  startDate: partnerOfflineTimes.startDate,
  endDate: partnerOfflineTimes.endDate,
  enabled: partnerOfflineTimes.enabled,
};

/** A partner's periods, the latest start first: a few a year, so the list is not paged. */
export const offlineTimesOf = (db: DbOrTx, partnerId: number) =>
  db
    .select(columns)
    .from(partnerOfflineTimes)
    .where(eq(partnerOfflineTimes.partnerId, partnerId))
    .orderBy(desc(partnerOfflineTimes.startDate), desc(partnerOfflineTimes.id));

/** One period, only under its own partner: another partner's id reads as missing. */
export async function offlineTimeById(db: DbOrTx, partnerId: number, id: number, forUpdate = false) {
  const query = db
    .select(columns)
    .from(partnerOfflineTimes)
    .where(and(eq(partnerOfflineTimes.id, id), eq(partnerOfflineTimes.partnerId, partnerId)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}

/**
 * The partner's name, or null when there is none. `lock` holds the partner (key share: it cannot be deleted,
 * while an edit of its profile need not wait) until the period written under it is committed.
 */
export async function partnerName(db: DbOrTx, partnerId: number, lock = false) {
  const query = db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  const [row] = await (lock ? query.for('key share') : query);
  return row?.name ?? null;
}
