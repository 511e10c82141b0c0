import { and, eq, exists, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { LineStatus } from '@bloomline/contract';

import { orderLines, orders } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';

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

/**
 * The same rule inside the JSON builders, whose lines are aliased `l`: ` and l.partner_id = …` for a
 * partner, nothing for staff.
 */
export function ownLinesOfAliasL(viewer: Viewer): SQL {
  return viewer.kind === 'partner' ? sql` and l.partner_id = ${viewer.partnerId}` : sql``;
}
