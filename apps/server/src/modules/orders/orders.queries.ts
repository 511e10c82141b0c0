import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { DashboardCounts, LineStatus, OrderFilter, OrderListQuery } from '@bloomline/contract';
import { buildPageMeta, DEFAULT_PER_PAGE, LINE_STATUSES, todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { containsPattern, sqlInteger } from '../../lib/paged-list';
import { orderLineRejectReasons, orderLines, orders, partners } from '../../db/schema';
import {
  lineHasRefund,
  lineHasReturn,
  lineJsonFields,
  summaryColumns,
  toSummary,
} from './order-summary.queries';
import type { LineRow } from './order-summary.queries';
import { anchorFor, searchMode } from './orders.list-speedups';
import type { OrderListCaches, SearchMode } from './orders.list-speedups';
import { hasPartnerLine, noEarlierPartnerLine, ownLinesOfAliasL, partnerStatusIs } from './orders.scope';
import type { Viewer } from '../../lib/viewer';

/** Filters that are line statuses (the rest — today, unassigned, returns, refunds — have their own rules). */
const STATUS_FILTERS = new Set<string>(LINE_STATUSES.map((s) => s.name));

/** The `filter` of the lists and the dashboard, as one SQL condition, scoped to the viewer. */
export function filterCondition(
  viewer: Viewer,
  filter: OrderFilter | undefined,
  today: string,
): SQL | undefined {
  const partner = viewer.kind === 'partner' ? viewer.partnerId : null;
  const scope = partner === null ? undefined : hasPartnerLine(partner);
  switch (filter) {
    case undefined:
      return scope;
    case 'today':
      return and(eq(orders.deliveryDate, today), scope);
    case 'unassigned':
      // A partner never has unassigned lines of their own: nothing to show.
      return partner === null ? eq(orders.hasUnassigned, true) : sql`false`;
    case 'returns':
      return partner === null ? eq(orders.hasReturn, true) : partnerHasReturn(partner);
    case 'refunds':
      return partner === null ? eq(orders.hasRefund, true) : partnerHasRefund(partner);
    default:
      if (!STATUS_FILTERS.has(filter)) return scope;
      // A partner's order is under the status derived from their own lines (one filter per order).
      return partner === null ? eq(orders.status, filter) : partnerStatusIs(partner, filter);
  }
}

/** The order has a return on one of this partner's lines (the order's own flag first, which is indexed). */
function partnerHasReturn(partnerId: number): SQL {
  return sql`(${orders.hasReturn} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasReturn(sql.raw('l.id'))}))`;
}

/** The order has a refund of one of this partner's lines. */
function partnerHasRefund(partnerId: number): SQL {
  return sql`(${orders.hasRefund} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasRefund(sql.raw('l.id'))}))`;
}

/** Case-insensitive "contains" over order number, recipient name, phone and company. */
export function searchCondition(q: string | undefined, mode: SearchMode = 'index'): SQL | undefined {
  if (!q) return undefined;
  // The same test written so the trigram index cannot serve it: the planner then walks the sort's index.
  if (mode === 'walk') return sql`strpos(${orders.search}, ${q.toLowerCase()}) > 0`;
  return sql`${orders.search} like ${containsPattern(q)}`;
}

/** The Filter dialog's line status: the order has a line in it (for a partner, one of their own). */
function lineStatusCondition(viewer: Viewer, status: LineStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (viewer.kind === 'partner') return hasPartnerLine(viewer.partnerId, status);
  return sql`exists (select 1 from ${orderLines} sl where sl.order_id = ${orders.id} and sl.status = ${status})`;
}

/** Every condition of an order list (filter, search, partner, profit centre, dates, line status), scoped to the viewer. */
export function listConditions(
  viewer: Viewer,
  query: OrderListQuery,
  today: string,
  mode: SearchMode = 'index',
) {
  return and(
    filterCondition(viewer, query.filter, today),
    lineStatusCondition(viewer, query.status),
    searchCondition(query.q, mode),
    viewer.kind === 'staff' && query.p ? hasPartnerLine(query.p) : undefined,
    viewer.kind === 'staff' && query.pc ? eq(orders.profitCentreId, query.pc) : undefined,
    query.sd ? gte(orders.deliveryDate, query.sd) : undefined,
    query.ed ? lte(orders.deliveryDate, query.ed) : undefined,
  );
}

/**
 * The list's total, exact. Counting is what grows with the table, so a partner's plain or status-filtered
 * list counts their lines (an index range) instead of probing every order, and every total is cached for
 * a few seconds (see OrderListCaches): paging, the 60-second refresh and colleagues on the same list share it.
 */
async function countOrders(db: DbOrTx, viewer: Viewer, query: OrderListQuery, where: SQL | undefined) {
  const plain = !query.q && !query.sd && !query.ed && !query.p && !query.pc && !query.status;
  const status = query.filter && STATUS_FILTERS.has(query.filter) ? (query.filter as LineStatus) : undefined;
  if (viewer.kind === 'partner' && plain && (query.filter === undefined || status)) {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.partnerId, viewer.partnerId),
          status ? eq(orderLines.status, status) : undefined,
          // Only orders whose status derived from their lines is this one (no line of theirs comes before it).
          status ? noEarlierPartnerLine(viewer.partnerId, status, sql`${orderLines.orderId}`) : undefined,
        ),
      );
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

function totalKey(viewer: Viewer, query: OrderListQuery, today: string) {
  return JSON.stringify([
    viewer.kind === 'partner' ? viewer.partnerId : 'staff',
    query.filter ?? null,
    query.status ?? null,
    query.filter === 'today' ? today : null,
    query.q ?? null,
    viewer.kind === 'staff' ? (query.p ?? null) : null,
    viewer.kind === 'staff' ? (query.pc ?? null) : null,
    query.sd ?? null,
    query.ed ?? null,
  ]);
}

export interface ListOptions {
  caches?: OrderListCaches | undefined;
  today?: string;
  /** Where a failed background rebuild of the page anchors is reported. */
  onError?: (err: unknown) => void;
}

/** One order's lines as the list query aggregates them (only the viewer's own for a partner). */
export function linesJson(viewer: Viewer) {
  return sql<LineRow[]>`coalesce((
    select json_agg(json_build_object(${lineJsonFields}) order by l.id)
    from ${orderLines} l left join ${partners} p on p.id = l.partner_id
    where l.order_id = orders.id${ownLinesOfAliasL(viewer)}
  ), '[]'::json)`;
}

export async function listOrders(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  path: string,
  { caches, today = todayInJohannesburg(), onError = () => undefined }: ListOptions = {},
) {
  const where = listConditions(viewer, query, today);
  const direction = query.d === 'asc' ? asc : desc;
  const order =
    query.s === 'name' ? [direction(orders.name)] : [direction(orders.createdAt), direction(orders.id)];
  const offset = (query.page - 1) * query.per_page;
  const total = caches
    ? await caches.totals.getOrLoad(totalKey(viewer, query, today), () =>
        countOrders(db, viewer, query, where),
      )
    : await countOrders(db, viewer, query, where);

  const anchor = caches ? anchorFor(db, caches, viewer, query, total, offset, onError) : null;
  const mode = query.q ? await searchMode(db, caches, total, offset + query.per_page) : 'index';
  const rowsWhere = mode === 'index' ? where : listConditions(viewer, query, today, mode);
  const pageWhere = anchor
    ? and(
        rowsWhere,
        anchor.direction === 'asc'
          ? sql`(${orders.createdAt}, ${orders.id}) >= (${anchor.key.createdAt}::timestamptz, ${anchor.key.id})`
          : sql`(${orders.createdAt}, ${orders.id}) <= (${anchor.key.createdAt}::timestamptz, ${anchor.key.id})`,
      )
    : rowsWhere;
  // Deferred join: the offset walks the (created_at, id) index alone, then only the page's rows are read,
  // each with its lines aggregated in the same statement.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(pageWhere)
    .orderBy(...order)
    .limit(sqlInteger(query.per_page))
    .offset(sqlInteger(anchor ? anchor.skip : offset));
  const rows =
    offset >= total
      ? []
      : await db
          .select({ ...summaryColumns, lines: linesJson(viewer) })
          .from(orders)
          .where(inArray(orders.id, pageIds))
          .orderBy(...order);
  const meta = buildPageMeta({
    page: query.page,
    perPage: query.per_page,
    total,
    path,
    query: {
      q: query.q,
      p: query.p,
      pc: query.pc,
      s: query.s,
      d: query.d,
      filter: query.filter,
      status: query.status,
      sd: query.sd,
      ed: query.ed,
      per_page: query.per_page === DEFAULT_PER_PAGE ? undefined : query.per_page,
    },
  });
  return { data: rows.map((r) => toSummary(viewer, r, r.lines)), meta };
}

/**
 * The four dashboard counts, in one statement (each an index range of recent orders). Like the list
 * totals they are cached per viewer for a few seconds and dropped whenever this process changes an order.
 */
export async function dashboardCounts(
  db: DbOrTx,
  viewer: Viewer,
  { caches, today = todayInJohannesburg() }: Pick<ListOptions, 'caches' | 'today'> = {},
): Promise<DashboardCounts> {
  const countOf = (filter: OrderFilter) =>
    sql<number>`(select count(*)::int from ${orders} where ${filterCondition(viewer, filter, today) ?? sql`true`})`;
  const load = async () => {
    const [row] = await db
      .select({
        awaitingAcceptance: countOf('open'),
        acceptedOrders: countOf('accepted'),
        ordersInProgress: countOf('fulfilled'),
        forDeliveryToday: countOf('today'),
      })
      .from(sql`(select 1) as one`);
    return {
      awaitingAcceptance: Number(row?.awaitingAcceptance ?? 0),
      acceptedOrders: Number(row?.acceptedOrders ?? 0),
      ordersInProgress: Number(row?.ordersInProgress ?? 0),
      forDeliveryToday: Number(row?.forDeliveryToday ?? 0),
    };
  };
  if (!caches) return load();
  const key = JSON.stringify(['dashboard', viewer.kind === 'partner' ? viewer.partnerId : 'staff', today]);
  return caches.dashboards.getOrLoad(key, load);
}

/** The reasons a line may be rejected with, in their order. */
export async function rejectReasons(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ reason: orderLineRejectReasons.reason })
    .from(orderLineRejectReasons)
    .orderBy(asc(orderLineRejectReasons.position), asc(orderLineRejectReasons.id));
  return rows.map((r) => r.reason);
}
