import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { BulkResult, LineStatus } from '@bloomline/contract';
import { BULK_MESSAGES, MAX_BULK_IDS } from '@bloomline/contract';

import { auditEntries, orderHistory, orderLines, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

// POST /api/orders/bulk (issue 40, DECISIONS.md "Many at once"): each action as staff, as partner A and B and
// signed out; each order in its own transaction, answered per order; history and audit per record.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let a: number;
let b: number;
beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.40.0'));
  a = h.fixtures.partnerA.id;
  b = h.fixtures.partnerB.id;
});
afterAll(async () => h.close());

const bulk = (client: TestClient, body: unknown) => client.post('/api/orders/bulk', body);
const result = (res: { json: () => unknown }) => (res.json() as { data: BulkResult }).data;

async function ordersOf(partnerId: number | null, status: LineStatus, n: number) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await createOrder(h.database.db, [{ partnerId, status }]));
  return made;
}

async function statusesOf(ids: number[]) {
  const rows = await h.database.db
    .select({ orderId: orderLines.orderId, status: orderLines.status, partnerId: orderLines.partnerId })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(orderLines.id);
  return rows;
}

async function historyCount(orderId: number) {
  const [row] = await h.database.db
    .select({ n: count() })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId));
  return row!.n;
}

describe('a partner', () => {
  it('accepts their open orders at once; another partner’s, a missing one and an accepted one are refused', async () => {
    const mine = await ordersOf(a, 'open', 3);
    const accepted = await createOrder(h.database.db, [{ partnerId: a, status: 'accepted' }]);
    const theirs = await createOrder(h.database.db, [{ partnerId: b, status: 'open' }]);
    const ids = [...mine.map((o) => o.id), accepted.id, theirs.id, 2_000_000];

    const res = await bulk(partnerA, { action: 'accept', ids });

    expect(res.statusCode).toBe(200);
    const data = result(res);
    expect(data.done).toEqual(mine.map((o) => o.id));
    expect(data.refused).toEqual([
      { id: accepted.id, message: 'This order is accepted; "Accept order" needs it to be open.' },
      // Another partner's order reads exactly as one that does not exist.
      { id: theirs.id, message: 'Not found.' },
      { id: 2_000_000, message: 'Not found.' },
    ]);
    for (const line of await statusesOf(mine.map((o) => o.id))) expect(line.status).toBe('accepted');
    expect((await orderState(h.database.db, theirs.id)).lines[0]!.status).toBe('open');
    // History and audit per record: one of each for each accepted line, none for the refused.
    for (const o of mine) {
      expect(await historyCount(o.id)).toBe(1);
      const [audit] = await h.database.db
        .select({ n: count() })
        .from(auditEntries)
        .where(and(eq(auditEntries.propertyType, 'order line'), eq(auditEntries.propertyId, o.lineIds[0]!)));
      expect(audit!.n).toBe(1);
    }
    expect(await historyCount(accepted.id)).toBe(0);
    expect((await orderState(h.database.db, mine[0]!.id)).order.status).toBe('accepted');
  });

  it('fulfils and delivers their orders; only their own lines of a shared order move', async () => {
    const shared = await createOrder(h.database.db, [
      { partnerId: a, status: 'accepted' },
      { partnerId: b, status: 'accepted' },
    ]);
    const fulfil = await bulk(partnerA, { action: 'fulfill', ids: [shared.id] });
    expect(result(fulfil)).toEqual({ done: [shared.id], refused: [] });
    expect((await statusesOf([shared.id])).map((l) => l.status)).toEqual(['fulfilled', 'accepted']);

    const deliver = await bulk(partnerA, { action: 'deliver', ids: [shared.id] });
    expect(result(deliver).done).toEqual([shared.id]);
    expect((await statusesOf([shared.id])).map((l) => l.status)).toEqual(['delivered', 'accepted']);
    // Partner B cannot deliver what they have not fulfilled: the 409's words, per order.
    const early = await bulk(partnerB, { action: 'deliver', ids: [shared.id] });
    expect(result(early).refused).toEqual([
      { id: shared.id, message: 'This order is accepted; "Deliver order" needs it to be fulfilled.' },
    ]);
  });

  it('may not assign or cancel (403), and nothing changes', async () => {
    const [o] = await ordersOf(a, 'open', 1);
    expect((await bulk(partnerA, { action: 'cancel', ids: [o!.id] })).statusCode).toBe(403);
    expect((await bulk(partnerA, { action: 'assign', ids: [o!.id], partnerId: a })).statusCode).toBe(403);
    expect((await statusesOf([o!.id]))[0]!.status).toBe('open');
  });

  it('signed out: 401', async () => {
    expect((await bulk(h.client('10.40.9.9'), { action: 'accept', ids: [1] })).statusCode).toBe(401);
  });
});

describe('staff, on the partners’ behalf', () => {
  it('accept every line open with a partner; an order with none is refused saying why', async () => {
    const two = await createOrder(h.database.db, [
      { partnerId: a, status: 'open' },
      { partnerId: b, status: 'open' },
      { partnerId: null, status: 'open' },
    ]);
    const unassigned = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    const res = await bulk(staff, { action: 'accept', ids: [two.id, unassigned.id] });
    expect(result(res)).toEqual({
      done: [two.id],
      refused: [
        {
          id: unassigned.id,
          message: 'This order is unassigned; "Accept" needs an item that is open with a partner.',
        },
      ],
    });
    expect((await statusesOf([two.id])).map((l) => l.status)).toEqual(['accepted', 'accepted', 'open']);
    const history = await h.database.db
      .select({ message: orderHistory.message })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, two.id));
    expect(history.map((e) => e.message).sort()).toEqual([
      'Ada Admin accepted Protea bouquet 1',
      'Ada Admin accepted Protea bouquet 2',
    ]);
  });

  it('fulfil and deliver', async () => {
    const [o] = await ordersOf(a, 'accepted', 1);
    expect(result(await bulk(staff, { action: 'fulfill', ids: [o!.id] })).done).toEqual([o!.id]);
    expect(result(await bulk(staff, { action: 'deliver', ids: [o!.id] })).done).toEqual([o!.id]);
    expect((await orderState(h.database.db, o!.id)).order.status).toBe('delivered');
    const again = result(await bulk(staff, { action: 'deliver', ids: [o!.id] }));
    expect(again.refused[0]!.message).toBe(
      'This order is delivered; "Deliver" needs an item that is fulfilled with a partner.',
    );
  });

  it('assign the open unassigned lines to one partner, who hears of them once', async () => {
    const unassigned = await ordersOf(null, 'open', 3);
    const taken = await createOrder(h.database.db, [{ partnerId: b, status: 'accepted' }]);
    h.outbox.length = 0;
    const res = await bulk(staff, {
      action: 'assign',
      ids: [...unassigned.map((o) => o.id), taken.id],
      partnerId: a,
    });
    expect(result(res).done).toEqual(unassigned.map((o) => o.id));
    expect(result(res).refused).toEqual([
      {
        id: taken.id,
        message: 'This order is accepted; "Assign" needs an item that is open without a partner.',
      },
    ]);
    for (const line of await statusesOf(unassigned.map((o) => o.id))) {
      expect(line.status).toBe('open');
      expect(line.partnerId).toBe(a);
    }
    // One e-mail per address of the partner, listing all three orders (not one per line). The mails are jobs,
    // sent after the commit: read the outbox once they have had their try (read at once, it was empty once).
    await h.mailsSent();
    const addresses = h.outbox.map((m) => m.to);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(h.outbox.length).toBeGreaterThan(0);
    for (const mail of h.outbox) {
      expect(mail.subject).toBe('3 new orders for Protea Petals');
      for (const o of unassigned) expect(mail.text).toContain(o.name);
    }
  });

  it('assign needs an enabled partner: 422 on partnerId, nothing changes', async () => {
    const [o] = await ordersOf(null, 'open', 1);
    const none = await bulk(staff, { action: 'assign', ids: [o!.id] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ partnerId: [BULK_MESSAGES.partner] });
    const [off] = await h.database.db
      .insert(partners)
      .values({ name: 'Closed Shop', enabled: false })
      .returning();
    const disabled = await bulk(staff, { action: 'assign', ids: [o!.id], partnerId: off!.id });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().errors.partnerId).toEqual(['Choose a valid partner.']);
    expect((await statusesOf([o!.id]))[0]!.partnerId).toBeNull();
  });

  it('cancel: lines nobody works on are cancelled, the others ask their partner', async () => {
    const open = await createOrder(h.database.db, [{ partnerId: a, status: 'open' }]);
    const accepted = await createOrder(h.database.db, [{ partnerId: a, status: 'accepted' }]);
    const done = await createOrder(h.database.db, [{ partnerId: a, status: 'delivered' }]);
    const res = result(await bulk(staff, { action: 'cancel', ids: [open.id, accepted.id, done.id] }));
    expect(res.done).toEqual([open.id, accepted.id]);
    expect(res.refused.map((r) => r.id)).toEqual([done.id]);
    expect((await statusesOf([open.id]))[0]!.status).toBe('cancel-confirmed');
    expect((await statusesOf([accepted.id]))[0]!.status).toBe('cancel-requested');
  });

  it('partner B’s own orders are theirs alone: staff acting for A leaves B’s lines of the order alone', async () => {
    const o = await createOrder(h.database.db, [{ partnerId: b, status: 'open' }]);
    const asB = result(await bulk(partnerB, { action: 'accept', ids: [o.id] }));
    expect(asB.done).toEqual([o.id]);
    const asA = result(await bulk(partnerA, { action: 'accept', ids: [o.id] }));
    expect(asA.refused).toEqual([{ id: o.id, message: 'Not found.' }]);
  });
});

describe('bad input', () => {
  it('refuses 0 or more than 500 ids on ids, a bad id by its place, an unknown action', async () => {
    const empty = await bulk(staff, { action: 'accept', ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ ids: [BULK_MESSAGES.idsMin] });
    const many = Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1);
    const tooMany = await bulk(staff, { action: 'accept', ids: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ ids: [BULK_MESSAGES.idsMax] });
    const notList = await bulk(staff, { action: 'accept', ids: '1,2' });
    expect(notList.statusCode).toBe(422);
    expect(Object.keys(notList.json<{ errors: object }>().errors)).toEqual(['ids']);
    const badId = await bulk(staff, { action: 'accept', ids: [1, 'x'] });
    expect(badId.statusCode).toBe(422);
    expect(Object.keys(badId.json<{ errors: object }>().errors)).toEqual(['ids.1']);
    const action = await bulk(staff, { action: 'explode', ids: [1] });
    expect(action.statusCode).toBe(422);
    expect(action.json().errors).toEqual({ action: [BULK_MESSAGES.action] });
  });

  it('500 ids are taken; an id sent twice is done once', async () => {
    const [o] = await ordersOf(a, 'open', 1);
    const ids = [o!.id, o!.id, ...Array.from({ length: MAX_BULK_IDS - 2 }, (_, i) => 3_000_000 + i)];
    const res = result(await bulk(partnerA, { action: 'accept', ids }));
    expect(res.done).toEqual([o!.id]);
    expect(res.refused).toHaveLength(MAX_BULK_IDS - 2);
    expect(await historyCount(o!.id)).toBe(1);
  });
});

describe('races', () => {
  it('two people accepting overlapping orders at once: each order changes once', async () => {
    const orders = await ordersOf(a, 'open', 8);
    const ids = orders.map((o) => o.id);
    const [first, second] = await Promise.all([
      bulk(partnerA, { action: 'accept', ids: ids.slice(0, 6) }),
      bulk(staff, { action: 'accept', ids: [...ids.slice(2)].reverse() }),
    ]);
    const one = result(first);
    const two = result(second);
    // Every order was accepted by exactly one of the two calls; the other was told it already was.
    expect([...one.done, ...two.done].sort((x, y) => x - y)).toEqual(ids);
    expect(one.done.filter((id) => two.done.includes(id))).toEqual([]);
    for (const r of [...one.refused, ...two.refused]) expect(r.message).toMatch(/^This order is accepted;/);
    for (const o of orders) expect(await historyCount(o.id)).toBe(1);
  });
});

describe('the group’s candidates and select-all', () => {
  it('lists partners for a group (staff only), nearest to the farthest point first', async () => {
    const near = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      latitude: -33.925,
      longitude: 18.424,
    });
    const far = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }], {
      latitude: -33.93,
      longitude: 18.46,
    });
    const res = await staff.get(`/api/orders/bulk/partners?ids=${String(near.id)},${String(far.id)}&all=1`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { partner: { name: string }; distance: number; local: boolean }[];
    const protea = rows.find((r) => r.partner.name === 'Protea Petals')!;
    // Protea Petals sits at the first point: its figure is the trip to the second (about 3.3 km).
    expect(protea.distance).toBeGreaterThan(3);
    expect(protea.distance).toBeLessThan(4);
    expect(protea.local).toBe(true);
    expect((await partnerA.get(`/api/orders/bulk/partners?ids=${String(near.id)}`)).statusCode).toBe(403);
    expect((await staff.get('/api/orders/bulk/partners?ids=abc')).statusCode).toBe(422);
    expect((await staff.get('/api/orders/bulk/partners')).statusCode).toBe(422);
  });

  it('gives the ids of a list’s orders, the partner’s own only', async () => {
    const mine = await createOrder(h.database.db, [{ partnerId: a, status: 'fulfilled' }], {
      lastName: 'Zwane-Bulk',
    });
    await createOrder(h.database.db, [{ partnerId: b, status: 'fulfilled' }], { lastName: 'Zwane-Bulk' });
    const asA = await partnerA.get('/api/orders/ids?q=zwane-bulk');
    expect(asA.json().data).toEqual([{ id: mine.id, name: mine.name }]);
    const asStaff = await staff.get('/api/orders/ids?q=zwane-bulk&s=name&d=asc');
    expect(asStaff.json().data).toHaveLength(2);
    expect((await staff.get('/api/orders/ids?filter=nonsense')).statusCode).toBe(422);
  });
});
