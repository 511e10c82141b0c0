import { and, eq, exists, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { LineStatus } from '@bloomline/contract';

import { orderLines, orders } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';

/** Who is looking: staff see everything; a partner user only their partner's lines (a query condition). */
export type Viewer =
  { kind: 'staff'; userId: number } | { kind: 'partner'; userId: number; partnerId: number };

export function viewerOf(user: SessionUser): Viewer {
  if (user.isStaff) return { kind: 'staff', userId: user.id };
  // A partner user without a partner sees nothing: -1 matches no line.
  return { kind: 'partner', userId: user.id, partnerId: user.partnerId ?? -1 };
}

/** The order has a line of this partner (optionally in this status). */
export function hasPartnerLine(partnerId: number, status?: LineStatus): SQL {
  return exists(
    sql`(select 1 from ${orderLines} where ${and(
      eq(orderLines.orderId, orders.id),
      eq(orderLines.partnerId, partnerId),
      status ? eq(orderLines.status, status) : undefined,
    )})`,
  );
}

/** Lines this viewer may see, as a condition on order_lines. */
export function visibleLines(viewer: Viewer): SQL | undefined {
  return viewer.kind === 'partner' ? eq(orderLines.partnerId, viewer.partnerId) : undefined;
}
