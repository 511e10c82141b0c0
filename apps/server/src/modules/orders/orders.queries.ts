import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { DashboardCounts, LineStatus, OrderFilter, OrderListQuery } from '@bloomline/contract';
import { buildPageMeta, DEFAULT_PER_PAGE, LINE_STATUSES, todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { builtOnce } from '../../db/statement';
import type { Bind } from '../../db/statement';
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
import type { OrderListCaches, PageAnchor, SearchMode } from './orders.list-speedups';
import { hasPartnerLine, noEarlierPartnerLine, ownLinesOfAliasL, partnerStatusIs } from './orders.scope';
import type { ListScope } from './orders.scope';
import type { Viewer } from '../../lib/viewer';

/** Filters that are line statuses (the rest — today, unassigned, returns, refunds — have their own rules). */
const STATUS_FILTERS = new Set<string>(LINE_STATUSES.map((s) => s.name));

/** The `filter` of the lists and the dashboard, as one SQL condition, scoped to the viewer. */
export function filterCondition(
  viewer: ListScope,
  filter: OrderFilter | undefined,
  today: Bind<string>,
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
function partnerHasReturn(partnerId: Bind<number>): SQL {
  return sql`(${orders.hasReturn} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasReturn(sql.raw('l.id'))}))`;
}

/** The order has a refund of one of this partner's lines. */
function partnerHasRefund(partnerId: Bind<number>): SQL {
  return sql`(${orders.hasRefund} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasRefund(sql.raw('l.id'))}))`;
}

/**
 * The values of an order list's conditions: a request's own (`valuesOf`), or placeholders where the request
 * has a value, for a statement built once per shape (`placeholdersOf`). The filter is part of the shape.
 */
interface ConditionValues {
  filter: OrderFilter | undefined;
  status: Bind<LineStatus> | undefined;
  /** A search: its LIKE pattern (the trigram index serves it) and its lower-case text (the walk's). */
  search: { pattern: Bind<string>; text: Bind<string> } | undefined;
  p: Bind<number> | undefined;
  pc: Bind<number> | undefined;
  sd: Bind<string> | undefined;
  ed: Bind<string> | undefined;
}

const valuesOf = (query: OrderListQuery): ConditionValues => ({
  filter: query.filter,
  status: query.status || undefined,
  search: query.q ? { pattern: containsPattern(query.q), text: query.q.toLowerCase() } : undefined,
  p: query.p || undefined,
  pc: query.pc || undefined,
  sd: query.sd || undefined,
  ed: query.ed || undefined,
});

const ph = (name: string) => sql.placeholder(name);
const placeholdersOf = (query: OrderListQuery): ConditionValues => ({
  filter: query.filter,
  status: query.status ? ph('status') : undefined,
  search: query.q ? { pattern: ph('pattern'), text: ph('text') } : undefined,
  p: query.p ? ph('p') : undefined,
  pc: query.pc ? ph('pc') : undefined,
  sd: query.sd ? ph('sd') : undefined,
  ed: query.ed ? ph('ed') : undefined,
});

/** Case-insensitive "contains" over order number, recipient name, phone and company. */
function searchCondition(search: ConditionValues['search'], mode: SearchMode): SQL | undefined {
  if (!search) return undefined;
  // The same test written so the trigram index cannot serve it: the planner then walks the sort's index.
  if (mode === 'walk') return sql`strpos(${orders.search}, ${search.text}) > 0`;
  return sql`${orders.search} like ${search.pattern}`;
}

/** The Filter dialog's line status: the order has a line in it (for a partner, one of their own). */
function lineStatusCondition(viewer: ListScope, status: Bind<LineStatus> | undefined): SQL | undefined {
  if (!status) return undefined;
  if (viewer.kind === 'partner') return hasPartnerLine(viewer.partnerId, status);
  return sql`exists (select 1 from ${orderLines} sl where sl.order_id = ${orders.id} and sl.status = ${status})`;
}

/** Every condition of an order list (filter, search, partner, profit centre, dates, line status), scoped. */
function conditions(viewer: ListScope, v: ConditionValues, today: Bind<string>, mode: SearchMode) {
  return and(
    filterCondition(viewer, v.filter, today),
    lineStatusCondition(viewer, v.status),
    searchCondition(v.search, mode),
    viewer.kind === 'staff' && v.p !== undefined ? hasPartnerLine(v.p) : undefined,
    viewer.kind === 'staff' && v.pc !== undefined ? eq(orders.profitCentreId, v.pc) : undefined,
    v.sd !== undefined ? gte(orders.deliveryDate, v.sd) : undefined,
    v.ed !== undefined ? lte(orders.deliveryDate, v.ed) : undefined,
  );
}

/** An order list's conditions with the request's own values (the export and the ids of "select all"). */
export const listConditions = (
  viewer: Viewer,
  query: OrderListQuery,
  today: string,
  mode: SearchMode = 'index',
) => conditions(viewer, valuesOf(query), today, mode);

/** What the placeholders of a list's statements take for this request. */
function bindingsOf(viewer: Viewer, query: OrderListQuery, today: string, anchor: PageAnchor | null) {
  const v = valuesOf(query);
  return {
    partner: viewer.kind === 'partner' ? viewer.partnerId : 0,
    today,
    status: v.status,
    pattern: v.search?.pattern,
    text: v.search?.text,
    p: v.p,
    pc: v.pc,
    sd: v.sd,
    ed: v.ed,
    anchorAt: anchor?.key.createdAt,
    anchorId: anchor?.key.id,
  };
}

/** The viewer as a statement built once per viewer kind sees it: a partner's id is a placeholder. */
const scopeOf = (viewer: Viewer): ListScope =>
  viewer.kind === 'partner' ? { kind: 'partner', partnerId: ph('partner') } : { kind: 'staff' };

/**
 * What changes the text of a list's statements: the viewer's kind, the filter, which other conditions the
 * request has, and the search's mode (their values are placeholders).
 */
const conditionsShape = (viewer: Viewer, query: OrderListQuery, mode: SearchMode | null) => [
  viewer.kind,
  query.filter ?? null,
  Boolean(query.status),
  query.q ? mode : null,
  viewer.kind === 'staff' && Boolean(query.p),
  viewer.kind === 'staff' && Boolean(query.pc),
  Boolean(query.sd),
  Boolean(query.ed),
];

/**
 * The list's total, exact. Counting is what grows with the table, so a partner's plain or status-filtered
 * list counts their lines (an index range) instead of probing every order, and every total is cached for
 * a few seconds (see OrderListCaches): paging, the 60-second refresh and colleagues on the same list share it.
 */
function countQuery(db: DbOrTx, viewer: Viewer, query: OrderListQuery) {
  const scope = scopeOf(viewer);
  const plain = !query.q && !query.sd && !query.ed && !query.p && !query.pc && !query.status;
  const status = query.filter && STATUS_FILTERS.has(query.filter) ? (query.filter as LineStatus) : undefined;
  if (scope.kind === 'partner' && plain && (query.filter === undefined || status)) {
    return db
      .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.partnerId, scope.partnerId),
          status ? eq(orderLines.status, status) : undefined,
          // Only orders whose status derived from their lines is this one (no line of theirs comes before it).
          status ? noEarlierPartnerLine(scope.partnerId, status, sql`${orderLines.orderId}`) : undefined,
        ),
      );
  }
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(conditions(scope, placeholdersOf(query), ph('today'), 'index'));
}

async function countOrders(db: DbOrTx, viewer: Viewer, query: OrderListQuery, today: string) {
  const key = JSON.stringify(['order-count', ...conditionsShape(viewer, query, 'index')]);
  const statement = builtOnce(db, key, () => countQuery(db, viewer, query).prepare(''));
  const [row] = await statement.execute(bindingsOf(viewer, query, today, null));
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
export function linesJson(viewer: ListScope) {
  return sql<LineRow[]>`coalesce((
    select json_agg(json_build_object(${lineJsonFields}) order by l.id)
    from ${orderLines} l left join ${partners} p on p.id = l.partner_id
    where l.order_id = orders.id${ownLinesOfAliasL(viewer)}
  ), '[]'::json)`;
}

/** Where the page starts: `skip` rows after the start, or after an anchor's key in its direction. */
interface PageStart {
  skip: number;
  anchor: 'asc' | 'desc' | null;
}

/**
 * A page of the list, built once per shape (conditions, sort, page size and where it starts) and run with the
 * request's values. Deferred join: the offset walks the (created_at, id) index alone, then only the page's rows
 * are read, each with its lines aggregated in the same statement.
 */
function pageQuery(db: DbOrTx, viewer: Viewer, query: OrderListQuery, mode: SearchMode, start: PageStart) {
  const scope = scopeOf(viewer);
  const where = conditions(scope, placeholdersOf(query), ph('today'), mode);
  const after = start.anchor === 'asc' ? sql`>=` : sql`<=`;
  const pageWhere = start.anchor
    ? and(
        where,
        sql`(${orders.createdAt}, ${orders.id}) ${after} (${ph('anchorAt')}::timestamptz, ${ph('anchorId')})`,
      )
    : where;
  const direction = query.d === 'asc' ? asc : desc;
  const order =
    query.s === 'name' ? [direction(orders.name)] : [direction(orders.createdAt), direction(orders.id)];
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(pageWhere)
    .orderBy(...order)
    .limit(sqlInteger(query.per_page))
    .offset(sqlInteger(start.skip));
  return db
    .select({ ...summaryColumns, lines: linesJson(scope) })
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(...order);
}

export async function listOrders(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  path: string,
  { caches, today = todayInJohannesburg(), onError = () => undefined }: ListOptions = {},
) {
  const offset = (query.page - 1) * query.per_page;
  const total = caches
    ? await caches.totals.getOrLoad(totalKey(viewer, query, today), () =>
        countOrders(db, viewer, query, today),
      )
    : await countOrders(db, viewer, query, today);

  const anchor = caches ? anchorFor(db, caches, viewer, query, total, offset, onError) : null;
  const mode = query.q ? await searchMode(db, caches, total, offset + query.per_page) : 'index';
  let rows: Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>> = [];
  if (offset < total) {
    const start: PageStart = anchor
      ? { skip: anchor.skip, anchor: anchor.direction }
      : { skip: offset, anchor: null };
    const key = JSON.stringify([
      'order-page',
      ...conditionsShape(viewer, query, mode),
      query.s === 'name',
      query.d === 'asc',
      query.per_page,
      start.skip,
      start.anchor,
    ]);
    const statement = builtOnce(db, key, () => pageQuery(db, viewer, query, mode, start).prepare(''));
    rows = await statement.execute(bindingsOf(viewer, query, today, anchor));
  }
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
