import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { OrderListQuery } from '@bloomline/contract';
import { orderListQuery } from '@bloomline/contract';

import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { createOrderListCaches } from './orders.list-speedups';
import type { ListTuning } from './orders.list-speedups';
import { listOrders } from './orders.queries';
import type { Viewer } from '../../lib/viewer';

// The list's speed-ups (page anchors for deep pages, the index walk for searches, cached totals) must
// give exactly the pages the plain queries give. Their limits are made tiny here so every path runs.

let h: Harness;
const staff: Viewer = { kind: 'staff', userId: 1 };
const SURNAMES = ['Radebe', 'Pillay', 'Botha', 'Dlamini', 'Smith', 'Naidoo'];
const ORDERS = 83;

beforeAll(async () => {
  h = await createHarness();
  for (let i = 0; i < ORDERS; i++) {
    // Every third order shares its created_at with the one before: the id must break the tie.
    const slot = i - Math.floor(i / 3);
    await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }], {
      createdAt: new Date(Date.UTC(2026, 0, 1) + slot * 3_600_000),
      lastName: SURNAMES[i % SURNAMES.length]!,
    });
  }
  // Microseconds, which a JavaScript Date would lose: page anchors must keep them.
  await h.database.db.execute(
    sql`update orders set created_at = created_at + (id % 7) * interval '1 microsecond'`,
  );
  // The planner's row count, which the search strategy reads.
  await h.database.db.execute(sql`analyze orders`);
});
afterAll(async () => h.close());

const query = (q: Record<string, string | number>): OrderListQuery =>
  orderListQuery.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])));

const plain = (q: OrderListQuery) =>
  listOrders(h.database.db, staff, q, '/api/orders', {
    caches: createOrderListCaches({ totalsMs: 0, anchorsFromOffset: Infinity, searchWalkMaxRows: 0 }),
  });

const ids = (r: Awaited<ReturnType<typeof listOrders>>) => r.data.map((o) => o.id);

describe('deep pages from page anchors', () => {
  const tuning: Partial<ListTuning> = {
    totalsMs: 0,
    anchorEvery: 5,
    anchorsFromOffset: 8,
    anchorsRebuildMs: 0,
  };

  for (const d of ['desc', 'asc'] as const) {
    it(`every page (${d}) equals the plain offset query`, async () => {
      const caches = createOrderListCaches(tuning);
      const fast = (q: OrderListQuery) =>
        listOrders(h.database.db, staff, q, '/api/orders', {
          caches,
          onError: (e) => expect(e).toBeUndefined(),
        });
      // The first deep request starts building the anchors and is answered the plain way.
      await fast(query({ page: 5, per_page: 4, d }));
      await vi.waitFor(() => expect(caches.anchors.get(d)?.total).toBe(ORDERS));
      expect(caches.anchors.get(d)!.keys).toHaveLength(Math.ceil(ORDERS / 5));

      for (let page = 1; page <= Math.ceil(ORDERS / 4) + 1; page++) {
        const q = query({ page, per_page: 4, d });
        const [got, want] = [await fast(q), await plain(q)];
        expect(ids(got), `page ${String(page)}`).toEqual(ids(want));
        expect(got.meta).toEqual(want.meta);
      }
    });
  }

  it('anchors built for another total are not used, and are rebuilt', async () => {
    const caches = createOrderListCaches(tuning);
    const fast = (q: OrderListQuery) => listOrders(h.database.db, staff, q, '/api/orders', { caches });
    await fast(query({ page: 4, per_page: 4 }));
    await vi.waitFor(() => expect(caches.anchors.get('desc')?.total).toBe(ORDERS));

    // An order arrives with a created_at in the middle of the list: every later position shifts.
    const extra = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      createdAt: new Date(Date.UTC(2026, 0, 1) + 20 * 3_600_000 + 1),
    });
    try {
      for (let page = 3; page <= 12; page++) {
        const q = query({ page, per_page: 4 });
        expect(ids(await fast(q)), `page ${String(page)}`).toEqual(ids(await plain(q)));
      }
      await vi.waitFor(() => expect(caches.anchors.get('desc')?.total).toBe(ORDERS + 1));
      const q = query({ page: 9, per_page: 4 });
      expect(ids(await fast(q))).toEqual(ids(await plain(q)));
    } finally {
      await h.database.db.execute(sql`delete from orders where id = ${extra.id}`);
    }
  });
});

it('rebuilds anchors that no longer fit at most once per interval', async () => {
  const caches = createOrderListCaches({ totalsMs: 0, anchorEvery: 5, anchorsFromOffset: 8 });
  let builds = 0;
  const build = async () => {
    builds += 1;
    return { total: -1, keys: [] }; // never fits: as if orders kept arriving elsewhere
  };
  caches.anchors.refresh('desc', build, (e) => expect(e).toBeUndefined());
  await vi.waitFor(() => expect(caches.anchors.get('desc')).toBeDefined());
  for (let i = 0; i < 5; i++) caches.anchors.refresh('desc', build, () => undefined);
  expect(builds).toBe(1);
  // Such anchors are never used: the deep page is read plainly and matches.
  const q = query({ page: 6, per_page: 4 });
  const got = await listOrders(h.database.db, staff, q, '/api/orders', { caches });
  expect(ids(got)).toEqual(ids(await plain(q)));
  expect(builds).toBe(1);
});

describe('search by index walk', () => {
  it('gives the same pages as the trigram index, for every name, sort and page', async () => {
    const caches = createOrderListCaches({ totalsMs: 0, searchWalkMaxRows: 1_000_000 });
    for (const name of ['radebe', 'PILLAY', 'zzz']) {
      for (const s of ['created_at', 'name'] as const) {
        for (const d of ['desc', 'asc'] as const) {
          for (let page = 1; page <= 4; page++) {
            const q = query({ q: name, s, d, page, per_page: 5 });
            const got = await listOrders(h.database.db, staff, q, '/api/orders', { caches });
            const want = await plain(q);
            expect(ids(got), `${name} ${s} ${d} page ${String(page)}`).toEqual(ids(want));
            expect(got.meta.total).toBe(want.meta.total);
          }
        }
      }
    }
    // A common name really is found: 83 orders, every sixth one a Radebe.
    expect((await plain(query({ q: 'radebe' }))).meta.total).toBe(Math.ceil(ORDERS / 6));
  });
});

describe('cached totals', () => {
  it('are reused until invalidated, then counted again', async () => {
    const caches = createOrderListCaches();
    const list = () => listOrders(h.database.db, staff, query({}), '/api/orders', { caches });
    expect((await list()).meta.total).toBe(ORDERS);
    const extra = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    try {
      // Written behind the cache's back (as another server would): the cached total stands…
      expect((await list()).meta.total).toBe(ORDERS);
      // …until this process changes an order, which invalidates it.
      caches.totals.invalidate();
      expect((await list()).meta.total).toBe(ORDERS + 1);
    } finally {
      await h.database.db.execute(sql`delete from orders where id = ${extra.id}`);
    }
  });
});
