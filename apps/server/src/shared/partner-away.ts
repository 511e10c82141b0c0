import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';

import { partnerOfflineTimes } from '../db/schema';

/**
 * The one definition of "away on a day": the partner has an enabled out-of-office period that covers the day,
 * both ends included. A disabled period keeps nobody away. Read by the reassign candidates (orders) and
 * written by the out-of-office periods (offline-times); served by the (partner_id, start_date) index. `day` is a
 * date, or SQL naming one (the group of orders a bulk assign looks at).
 */
export const awayOn = (partnerId: AnyColumn | SQL, day: string | SQL): SQL =>
  sql`exists (select 1 from ${partnerOfflineTimes} where ${and(
    eq(partnerOfflineTimes.partnerId, partnerId),
    eq(partnerOfflineTimes.enabled, true),
    lte(partnerOfflineTimes.startDate, day),
    gte(partnerOfflineTimes.endDate, day),
  )})`;
