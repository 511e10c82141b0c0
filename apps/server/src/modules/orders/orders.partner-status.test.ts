import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LINE_STATUSES } from '@bloomline/contract';
import type { LineStatus } from '@bloomline/contract';

import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import type { TestClient } from '../../test/client';
import { FloristApp, SESSION_COOKIE } from '../../test/florist-app';
import { createOrder } from '../../test/orders-fixtures';

// DECISIONS.md "Orders and workflow": the order status a partner sees is derived from their own lines by the
// order's rule, and their `filter` matches that status, so each of their orders sits under exactly one
// status filter (a florist's app that merges its filters' lists must never see an order twice).

const STATUSES = LINE_STATUSES.map((s) => s.name);

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
/** Partner A's lines: open + accepted (B's line on hold), accepted + fulfilled (+ an unassigned line), rejected + cancelled. */
let mixed: { id: number };
let ahead: { id: number };
let setAside: { id: number };

beforeAll(async () => {
  h = await createHarness({ env: { SESSION_COOKIE } });
  const { partnerA: a, partnerB: b } = h.fixtures;
  const db = h.database.db;
  mixed = await createOrder(db, [
    { partnerId: a.id, status: 'open' },
    { partnerId: a.id, status: 'accepted' },
    { partnerId: b.id, status: 'hold' },
  ]);
  ahead = await createOrder(db, [
    { partnerId: a.id, status: 'fulfilled' },
    { partnerId: a.id, status: 'accepted' },
    { partnerId: null, status: 'open' },
  ]);
  setAside = await createOrder(db, [
    { partnerId: a.id, status: 'cancel-confirmed' },
    { partnerId: a.id, status: 'rejected' },
    { partnerId: b.id, status: 'delivered' },
  ]);
  ({ staff, partnerA } = await h.signedIn('10.41.0'));
});
afterAll(async () => h.close());

interface ListBody {
  data: { id: number; status: LineStatus }[];
  meta: { total: number };
}
const list = async (client: TestClient, filter: string) => {
  const res = await client.get(`/api/orders?per_page=100&filter=${filter}`);
  expect(res.statusCode).toBe(200);
  return res.json<ListBody>();
};

describe('a partner whose lines in one order have different statuses', () => {
  it('finds each order under exactly one status filter, with the status derived from their lines', async () => {
    const seen: { id: number; status: LineStatus; filter: string }[] = [];
    for (const filter of STATUSES) {
      const body = await list(partnerA, filter);
      expect([filter, body.meta.total]).toEqual([filter, body.data.length]);
      for (const o of body.data) seen.push({ id: o.id, status: o.status, filter });
    }
    const mine = [mixed.id, ahead.id, setAside.id];
    expect(seen.filter((o) => mine.includes(o.id)).sort((x, y) => x.id - y.id)).toEqual([
      { id: mixed.id, status: 'open', filter: 'open' },
      { id: ahead.id, status: 'accepted', filter: 'accepted' },
      { id: setAside.id, status: 'rejected', filter: 'rejected' },
    ]);
    // Every order of the partner's unfiltered list is under the filter of its own status, once.
    const all = await list(partnerA, '');
    expect(all.data.map((o) => [o.id, o.status, o.status]).sort()).toEqual(
      seen.map((o) => [o.id, o.status, o.filter]).sort(),
    );
  });

  it('answers the same derived status in the detail, and counts it once on the dashboard', async () => {
    for (const [order, status] of [
      [mixed, 'open'],
      [ahead, 'accepted'],
      [setAside, 'rejected'],
    ] as const) {
      const detail = await partnerA.get(`/api/orders/${String(order.id)}`);
      expect(detail.json<{ data: { status: string } }>().data.status).toBe(status);
    }
    const counts = (await partnerA.get('/api/dashboard')).json<{ data: Record<string, number> }>().data;
    expect(counts).toMatchObject({ awaitingAcceptance: 1, acceptedOrders: 1, ordersInProgress: 0 });
  });

  it('leaves staff with the order’s own status and filter', async () => {
    const statusOf = async (filter: string) =>
      (await list(staff, filter)).data.filter((o) => [mixed.id, ahead.id, setAside.id].includes(o.id));
    expect(await statusOf('hold')).toEqual([expect.objectContaining({ id: mixed.id, status: 'hold' })]);
    expect(await statusOf('open')).toEqual([expect.objectContaining({ id: ahead.id, status: 'open' })]);
    expect(await statusOf('delivered')).toEqual([
      expect.objectContaining({ id: setAside.id, status: 'delivered' }),
    ]);
    expect(await statusOf('accepted')).toEqual([]);
  });

  it('never shows an order twice to a florist app that merges its status filters', async () => {
    const florist = new FloristApp(h.app, { username: h.fixtures.userA.email, password: 'password' });
    await florist.login();
    const merged: number[] = [];
    for (const filter of STATUSES) {
      const res = await florist.call('GET', `/api/orders?page=1&s=created_at&d=desc&filter=${filter}`);
      merged.push(...res.json<ListBody>().data.map((o) => o.id));
    }
    expect(merged.filter((id, i) => merged.indexOf(id) !== i)).toEqual([]);
    expect(merged).toEqual(expect.arrayContaining([mixed.id, ahead.id, setAside.id]));
  });
});
