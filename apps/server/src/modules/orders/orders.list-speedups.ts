import { sql } from 'drizzle-orm';

import type { DashboardCounts, OrderListQuery } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { ReadCache } from '../../lib/read-cache';
import type { Viewer } from '../../lib/viewer';

// What keeps the order lists fast on a large table: cached totals and dashboard counts, page anchors for deep
// pages of the plain staff list, and the choice of how a search finds its page. orders.queries.ts uses them.

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
export function anchorFor(
  db: DbOrTx,
  caches: OrderListCaches,
  viewer: Viewer,
  query: OrderListQuery,
  total: number,
  offset: number,
  onError: (err: unknown) => void,
): PageAnchor | null {
  const plain =
    viewer.kind === 'staff' &&
    !query.q &&
    !query.p &&
    !query.pc &&
    !query.sd &&
    !query.ed &&
    !query.filter &&
    !query.status;
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

/** Where a deep page starts: after an anchor's key in its direction, `skip` rows on. */
export interface PageAnchor {
  key: PageAnchors['keys'][number];
  direction: 'asc' | 'desc';
  skip: number;
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
 * How a search finds its page. `index`: the trigram index finds every match, which are then sorted (cost
 * grows with the number of matches). `walk`: the sort's own index is read in order and each order tested
 * until the page is full (cost grows with how far apart matches are). A common name matches thousands of
 * orders but the first page is found after a few hundred; a rare one is the other way round.
 */
export type SearchMode = 'index' | 'walk';

/**
 * Walking the order index until `needed` matches are read takes about needed × rows ÷ matches orders
 * (matches are spread over time); the trigram index reads every match. Choose the smaller.
 */
export async function searchMode(
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
