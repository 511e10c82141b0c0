import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type {
  DashboardCounts,
  LineStatus,
  OrderFilter,
  OrderListQuery,
  OrderSummary,
} from '@bloomline/contract';
import {
  buildPageMeta,
  deriveOrderStatus,
  LINE_STATUSES,
  todayInJohannesburg,
  toRand,
} from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { ReadCache } from '../../lib/read-cache';
import { orderLines, orders, partners } from '../../db/schema';
import { hasPartnerLine, visibleLines } from './orders.scope';
import type { Viewer } from './orders.scope';

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
      return and(eq(orders.hasReturn, true), scope);
    case 'refunds':
      return and(eq(orders.hasRefund, true), scope);
    default:
      if (!STATUS_FILTERS.has(filter)) return scope;
      return partner === null ? eq(orders.status, filter) : hasPartnerLine(partner, filter);
  }
}

/** Case-insensitive "contains" over order number, recipient name, phone and company. */
export function searchCondition(q: string | undefined, mode: SearchMode = 'index'): SQL | undefined {
  if (!q) return undefined;
  // The same test written so the trigram index cannot serve it: the planner then walks the sort's index.
  if (mode === 'walk') return sql`strpos(${orders.search}, ${q.toLowerCase()}) > 0`;
  const needle = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${orders.search} like ${needle}`;
}

/**
 * How a search finds its page. `index`: the trigram index finds every match, which are then sorted (cost
 * grows with the number of matches). `walk`: the sort's own index is read in order and each order tested
 * until the page is full (cost grows with how far apart matches are). A common name matches thousands of
 * orders but the first page is found after a few hundred; a rare one is the other way round.
 */
type SearchMode = 'index' | 'walk';

function listConditions(viewer: Viewer, query: OrderListQuery, today: string, mode: SearchMode = 'index') {
  return and(
    filterCondition(viewer, query.filter, today),
    searchCondition(query.q, mode),
    viewer.kind === 'staff' && query.p ? hasPartnerLine(query.p) : undefined,
    query.sd ? gte(orders.deliveryDate, query.sd) : undefined,
    query.ed ? lte(orders.deliveryDate, query.ed) : undefined,
  );
}

const summaryColumns = {
  id: orders.id,
  name: orders.name,
  status: orders.status,
  createdAt: orders.createdAt,
  deliveryDate: orders.deliveryDate,
  isCollection: orders.isCollection,
  firstName: orders.firstName,
  lastName: orders.lastName,
  phone: orders.phone,
  company: orders.company,
  address1: orders.address1,
  address2: orders.address2,
  city: orders.city,
  country: orders.country,
  postalCode: orders.postalCode,
  latitude: orders.latitude,
  longitude: orders.longitude,
  deliveryFeeCents: orders.deliveryFeeCents,
  totalValueCents: orders.totalValueCents,
  hasRefund: orders.hasRefund,
  hasReturn: orders.hasReturn,
};
type SummaryRow = Pick<typeof orders.$inferSelect, keyof typeof summaryColumns>;

export interface LineRow {
  id: number;
  orderId: number;
  title: string;
  quantity: number;
  valueCents: number;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
}

export async function linesOf(db: DbOrTx, viewer: Viewer, orderIds: number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      valueCents: orderLines.valueCents,
      status: orderLines.status,
      partnerId: orderLines.partnerId,
      partnerName: partners.name,
    })
    .from(orderLines)
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(and(inArray(orderLines.orderId, orderIds), visibleLines(viewer)))
    .orderBy(asc(orderLines.id));
}

/** For a partner the order's value is their lines plus the delivery fee; status is their lines' status. */
export function toSummary(viewer: Viewer, row: SummaryRow, lines: LineRow[]): OrderSummary {
  const mine = lines.filter((l) => l.orderId === row.id);
  const partnerView = viewer.kind === 'partner';
  const linesValue = mine.reduce((s, l) => s + l.valueCents * l.quantity, 0);
  return {
    id: row.id,
    name: row.name,
    status: partnerView
      ? deriveOrderStatus(mine.map((l) => ({ status: l.status as LineStatus })))
      : (row.status as LineStatus),
    created_at: row.createdAt.toISOString(),
    deliveryDate: row.deliveryDate,
    isCollection: row.isCollection,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    country: row.country,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryFee: toRand(row.deliveryFeeCents),
    totalValue: toRand(partnerView ? linesValue + row.deliveryFeeCents : row.totalValueCents),
    hasRefund: row.hasRefund,
    hasReturn: row.hasReturn,
    lines: mine.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      value: toRand(l.valueCents),
      status: l.status as LineStatus,
      partner: l.partnerId === null ? null : { id: l.partnerId, name: l.partnerName ?? '' },
    })),
  };
}

/** The list's speed-ups, with their limits (tests make them small to exercise every path). */
export interface ListTuning {
  /** Totals are exact, cached this long and dropped whenever this process changes an order (0: never cached). */
  totalsMs: number;
  /** Page anchors are checked against the current total on every use and rebuilt at least this often… */
  anchorsMs: number;
  /** …and at most this often when they no longer fit the total (orders keep arriving from elsewhere). */
  anchorsRebuildMs: number;
  /** One anchor every this many rows of the plain staff list… */
  anchorEvery: number;
  /** …used for pages that start this deep or deeper (shallower offsets are cheap index walks). */
  anchorsFromOffset: number;
  /** A search reads its page by walking the sort's index when that should read at most this many orders. */
  searchWalkMaxRows: number;
}

export const DEFAULT_LIST_TUNING: ListTuning = {
  totalsMs: 10_000,
  anchorsMs: 10 * 60_000,
  anchorsRebuildMs: 30_000,
  anchorEvery: 1_000,
  anchorsFromOffset: 5_000,
  searchWalkMaxRows: 20_000,
};

/** What the lists cache: totals (per viewer and filters), dashboard counts and the plain staff list's page anchors. */
export interface OrderListCaches {
  tuning: ListTuning;
  totals: ReadCache<number>;
  dashboards: ReadCache<DashboardCounts>;
  anchors: PageAnchorStore;
}

/**
 * The (created_at, id) key of every anchorEvery-th order of the plain staff list in one direction, with the
 * total it was built for. Keys are PostgreSQL's own text of the timestamp, so microseconds survive.
 */
export interface PageAnchors {
  total: number;
  keys: { createdAt: string; id: number }[];
}

/**
 * The page anchors of each direction. Built in the background, one build at a time per direction, and
 * rebuilt when too old or (at most every `rebuildMs`) when they were built for another total, so orders
 * arriving steadily from another process cannot make every deep page start a full scan.
 */
export class PageAnchorStore {
  readonly #slots = new Map<
    'asc' | 'desc',
    { anchors?: PageAnchors; builtAt: number; startedAt: number; building: boolean }
  >();

  constructor(
    private readonly maxAgeMs: number,
    private readonly rebuildMs: number,
  ) {}

  /** The anchors of a direction, when built and not too old. */
  get(direction: 'asc' | 'desc'): PageAnchors | undefined {
    const slot = this.#slots.get(direction);
    return slot?.anchors && Date.now() - slot.builtAt < this.maxAgeMs ? slot.anchors : undefined;
  }

  /** Starts a build unless one is running or one started less than `rebuildMs` ago (and some exist). */
  refresh(direction: 'asc' | 'desc', build: () => Promise<PageAnchors>, onError: (err: unknown) => void) {
    const slot = this.#slots.get(direction) ?? { builtAt: 0, startedAt: 0, building: false };
    this.#slots.set(direction, slot);
    const now = Date.now();
    if (slot.building || (this.get(direction) && now - slot.startedAt < this.rebuildMs)) return;
    slot.building = true;
    slot.startedAt = now;
    build()
      .then((anchors) => {
        slot.anchors = anchors;
        slot.builtAt = Date.now();
      }, onError)
      .finally(() => {
        slot.building = false;
      });
  }
}

export function createOrderListCaches(tuning: Partial<ListTuning> = {}): OrderListCaches {
  const t = { ...DEFAULT_LIST_TUNING, ...tuning };
  return {
    tuning: t,
    totals: new ReadCache<number>(t.totalsMs),
    dashboards: new ReadCache<DashboardCounts>(t.totalsMs),
    anchors: new PageAnchorStore(t.anchorsMs, t.anchorsRebuildMs),
  };
}

/**
 * The list's total, exact. Counting is what grows with the table, so a partner's plain or status-filtered
 * list counts their lines (an index range) instead of probing every order, and every total is cached for
 * a few seconds (see OrderListCaches): paging, the 60-second refresh and colleagues on the same list share it.
 */
async function countOrders(db: DbOrTx, viewer: Viewer, query: OrderListQuery, where: SQL | undefined) {
  const plain = !query.q && !query.sd && !query.ed && !query.p;
  if (
    viewer.kind === 'partner' &&
    plain &&
    (query.filter === undefined || STATUS_FILTERS.has(query.filter))
  ) {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.partnerId, viewer.partnerId),
          query.filter ? eq(orderLines.status, query.filter) : undefined,
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
    query.filter === 'today' ? today : null,
    query.q ?? null,
    viewer.kind === 'staff' ? (query.p ?? null) : null,
    query.sd ?? null,
    query.ed ?? null,
  ]);
}

/** Every `every`-th key of the whole table in created_at order, and how many orders it saw: one index-only scan. */
async function buildAnchors(db: DbOrTx, direction: 'asc' | 'desc', every: number): Promise<PageAnchors> {
  const order = direction === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .select({
      createdAt: sql<string>`t.created_at::text`,
      id: sql<number>`t.id`,
      // Counted in the same statement, so of the same snapshot as the keys.
      total: sql<string>`(select count(*) from ${orders})`,
    })
    .from(
      sql`(select created_at, id, row_number() over (order by created_at ${order}, id ${order}) - 1 as position
           from ${orders}) t`,
    )
    .where(sql`t.position % ${every} = 0`)
    .orderBy(sql`t.position`);
  return {
    total: Number(rows[0]?.total ?? 0),
    keys: rows.map((r) => ({ createdAt: r.createdAt, id: Number(r.id) })),
  };
}

/**
 * Where a deep page of the plain staff list starts: the nearest anchor at or before its offset, and the
 * few rows still to skip from there. Null when the page is shallow, the list is filtered or sorted by name,
 * or the anchors are missing or were built for another total (then they are rebuilt in the background
 * and this request walks the index as before).
 */
function anchorFor(
  db: DbOrTx,
  caches: OrderListCaches,
  viewer: Viewer,
  query: OrderListQuery,
  total: number,
  offset: number,
  onError: (err: unknown) => void,
) {
  const plain = viewer.kind === 'staff' && !query.q && !query.p && !query.sd && !query.ed && !query.filter;
  const { anchorEvery, anchorsFromOffset } = caches.tuning;
  if (!plain || query.s === 'name' || offset < anchorsFromOffset || offset >= total) return null;
  const direction = query.d === 'asc' ? 'asc' : 'desc';
  const anchors = caches.anchors.get(direction);
  if (!anchors || anchors.total !== total) {
    caches.anchors.refresh(direction, () => buildAnchors(db, direction, anchorEvery), onError);
    return null;
  }
  const k = Math.floor(offset / anchorEvery);
  const key = anchors.keys[k];
  return key ? { key, direction, skip: offset - k * anchorEvery } : null;
}

/** The planner's row count of orders (from the last analyze), or null when it has none yet. */
async function tableRows(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ n: sql<string>`reltuples::bigint` })
    .from(sql`pg_class`)
    .where(sql`oid = 'orders'::regclass`);
  const n = Number(row?.n ?? -1);
  return n > 0 ? n : null;
}

/**
 * Walking the order index until `needed` matches are read takes about needed × rows ÷ matches orders
 * (matches are spread over time); the trigram index reads every match. Choose the smaller.
 */
async function searchMode(
  db: DbOrTx,
  caches: OrderListCaches | undefined,
  matches: number,
  needed: number,
): Promise<SearchMode> {
  if (matches === 0) return 'index';
  const rows = caches
    ? await caches.totals.getOrLoad('table-rows', () => tableRows(db).then((n) => n ?? -1))
    : ((await tableRows(db)) ?? -1);
  if (rows <= 0) return 'index';
  const walk = (needed * rows) / matches;
  return walk <= (caches?.tuning ?? DEFAULT_LIST_TUNING).searchWalkMaxRows && walk < matches * 4
    ? 'walk'
    : 'index';
}

export interface ListOptions {
  caches?: OrderListCaches | undefined;
  today?: string;
  /** Where a failed background rebuild of the page anchors is reported. */
  onError?: (err: unknown) => void;
}

/** One order's lines as the list query aggregates them (only the viewer's own for a partner). */
function linesJson(viewer: Viewer) {
  return sql<LineRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', l.id, 'orderId', l.order_id, 'title', l.title, 'quantity', l.quantity,
      'valueCents', l.value_cents, 'status', l.status, 'partnerId', l.partner_id, 'partnerName', p.name
    ) order by l.id)
    from ${orderLines} l left join ${partners} p on p.id = l.partner_id
    where l.order_id = orders.id${viewer.kind === 'partner' ? sql` and l.partner_id = ${viewer.partnerId}` : sql``}
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
    .limit(query.per_page)
    .offset(anchor ? anchor.skip : offset);
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
      s: query.s,
      d: query.d,
      filter: query.filter,
      sd: query.sd,
      ed: query.ed,
      per_page: query.per_page === 15 ? undefined : query.per_page,
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

export { summaryColumns };
