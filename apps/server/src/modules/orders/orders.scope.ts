import { and, eq, exists, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { ORDER_STATUS_PRECEDENCE } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';

import { orderLines, orders } from '../../db/schema';
import type { Bind } from '../../db/statement';
import type { Viewer } from '../../lib/viewer';

/** Whose orders a statement reads: everyone's (staff), or one partner's (their id, or its placeholder). */
export type ListScope = { kind: 'staff' } | { kind: 'partner'; partnerId: Bind<number> };

/** The order has a line of this partner (optionally in this status). */
export function hasPartnerLine(partnerId: Bind<number>, status?: Bind<LineStatus>): SQL {
  return exists(
    sql`(select 1 from ${orderLines} where ${and(
      eq(orderLines.orderId, orders.id),
      eq(orderLines.partnerId, partnerId),
      status ? eq(orderLines.status, status) : undefined,
    )})`,
  );
}

/**
 * The order's status as this partner sees it is `status`: derived from their own lines alone by the order's
 * rule (DECISIONS.md "Orders and workflow"), so each of their orders matches exactly one status filter.
 * The derived status is the first of ORDER_STATUS_PRECEDENCE their lines have, so it is `status` when one
 * of their lines has it and none has a status before it: two probes of order_lines (partner, status, order).
 */
export function partnerStatusIs(partnerId: Bind<number>, status: LineStatus): SQL {
  const own = sql`exists (select 1 from ${orderLines} pl
    where pl.order_id = ${orders.id} and pl.partner_id = ${partnerId} and pl.status = ${status})`;
  const earlier = noEarlierPartnerLine(partnerId, status, sql`${orders.id}`);
  return earlier ? sql`(${own} and ${earlier})` : own;
}

/**
 * No line of this partner in the order has a status that comes before `status` in ORDER_STATUS_PRECEDENCE
 * (undefined when none does: nothing to test). `orderId` is the SQL naming the order; the subquery is
 * aliased, so it may be a column of an outer order_lines (the partner's list total counts their lines).
 */
export function noEarlierPartnerLine(
  partnerId: Bind<number>,
  status: LineStatus,
  orderId: SQL,
): SQL | undefined {
  const before = ORDER_STATUS_PRECEDENCE.slice(0, ORDER_STATUS_PRECEDENCE.indexOf(status));
  if (before.length === 0) return undefined;
  return sql`not exists (select 1 from ${orderLines} pl
    where pl.order_id = ${orderId} and pl.partner_id = ${partnerId}
      and pl.status in (${sql.join(
        before.map((s) => sql`${s}`),
        sql`, `,
      )}))`;
}

/** Lines this viewer may see, as a condition on order_lines. */
export function visibleLines(viewer: Viewer): SQL | undefined {
  return viewer.kind === 'partner' ? eq(orderLines.partnerId, viewer.partnerId) : undefined;
}

/**
 * The same rule inside the JSON builders, whose lines are aliased `l`: ` and l.partner_id = …` for a
 * partner, nothing for staff.
 */
export function ownLinesOfAliasL(viewer: ListScope): SQL {
  return viewer.kind === 'partner' ? sql` and l.partner_id = ${viewer.partnerId}` : sql``;
}
