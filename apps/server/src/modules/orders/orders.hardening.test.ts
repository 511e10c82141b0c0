import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HistoryEntry, OrderDetail, OrderSummary } from '@bloomline/contract';
import { ERROR_MESSAGES } from '@bloomline/contract';

import { orderHistory, refundLines, refunds, returnLines, returns } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

// Hostile input and what one partner may learn of another (issue 8: items 1–4, 7, 8, 12, 13). As staff,
// partner A (Protea Petals, Fiona Florist) and partner B (Fynbos & Co, Frank Florist).

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors: Record<string, string[]> };
const errorsOf = (res: { json: <T>() => T }) => res.json<Errors>().errors;

/** An order and a line with ids 16 and 1000, so `0x10` and `1e3` would find something if read as numbers. */
let trap: { id: number; lineIds: number[] };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.8.1'));
  const { partnerA: a } = h.fixtures;
  trap = await createOrder(h.database.db, [{ partnerId: a.id, status: 'open' }], { id: 1000 });
  await createOrder(h.database.db, [{ partnerId: a.id, status: 'open' }], { id: 16 });
});
afterAll(async () => h.close());

const BAD_PATH_IDS = [
  '2147483648',
  '99999999999999999999999',
  '1e3',
  '0x10',
  '-1',
  '0',
  '1.5',
  '01000',
  '1000.0',
];

describe('ids in the path (items 1 and 13)', () => {
  it('answers 404 like a missing record for every id that is not 1..2147483647 in decimal digits', async () => {
    expect((await staff.get('/api/orders/1000')).statusCode).toBe(200);
    const lineRoutes = (id: string): [TestClient, 'GET' | 'POST' | 'PUT', string, unknown][] => [
      [staff, 'GET', `/api/orders/${id}`, undefined],
      [partnerA, 'GET', `/api/orders/${id}`, undefined],
      [partnerA, 'GET', `/api/orders/${id}/onpayment`, undefined],
      [staff, 'GET', `/api/orders/${id}/history`, undefined],
      [partnerA, 'POST', `/api/orders/${id}/accept`, {}],
      [staff, 'POST', `/api/orders/${id}/cancel`, {}],
      [partnerA, 'POST', `/api/orders/${id}/reject`, { reason: 'Store is closed' }],
      [staff, 'PUT', `/api/orders/${id}/delivery-date`, { deliveryDate: '2026-12-01' }],
      [staff, 'POST', `/api/order-lines/${id}/cancel-confirmed`, {}],
      [staff, 'GET', `/api/order-lines/${id}/partners`, undefined],
      [staff, 'POST', `/api/reassign-order-line/${id}`, { partner_id: h.fixtures.partnerB.id }],
      [staff, 'GET', `/api/product-variants/${id}`, undefined],
    ];
    for (const id of BAD_PATH_IDS) {
      for (const [client, method, url, body] of lineRoutes(id)) {
        const res = await client.request(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), url).toEqual({ message: ERROR_MESSAGES[404] });
      }
    }
    // Nothing moved.
    expect((await orderState(h.database.db, trap.id)).order.status).toBe('open');
  });
});

describe('ids in a body or query (items 1 and 13)', () => {
  const cases: [unknown, string][] = [
    [2147483648, 'must be at most 2147483647.'],
    [1e20, 'must be at most 2147483647.'],
    [0, 'must be at least 1.'],
    [-3, 'must be at least 1.'],
    [true, 'must be a whole number.'],
    [[1], 'must be a whole number.'],
    [{ id: 1 }, 'must be a whole number.'],
    ['1e3', 'must be a whole number.'],
    ['0x10', 'must be a whole number.'],
    [1.5, 'must be a whole number.'],
    ['1.0', 'must be a whole number.'],
    ['abc', 'must be a whole number.'],
  ];

  it('answers 422 in Laravel words on every line action that takes `id`', async () => {
    for (const path of ['accept', 'unaccept', 'fulfill', 'deliver']) {
      for (const [id, message] of cases) {
        const res = await staff.post(`/api/${path}-order-line`, { id });
        expect(res.statusCode, `${path} ${JSON.stringify(id)}`).toBe(422);
        expect(errorsOf(res).id, `${path} ${JSON.stringify(id)}`).toEqual([`Id ${message}`]);
      }
    }
    const rejected = await staff.post('/api/reject-order-line', {
      id: 2147483648,
      reason: 'Store is closed',
    });
    expect(errorsOf(rejected)).toEqual({ id: ['Id must be at most 2147483647.'] });
    // Digits in a string (a form, a query) are an id: this one reaches the workflow and is refused there.
    expect((await staff.post('/api/accept-order-line', { id: '999999' })).statusCode).toBe(404);
    const form = await staff.request('POST', '/api/accept-order-line', 'id=1e3', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(errorsOf(form)).toEqual({ id: ['Id must be a whole number.'] });
    expect((await orderState(h.database.db, trap.id)).lines[0]!.status).toBe('open');
  });

  it('answers 422 for such a `partner_id` on reassign, and for such a `p` on the list', async () => {
    const line = String(trap.lineIds[0]);
    for (const [id, message] of cases) {
      const res = await staff.post(`/api/reassign-order-line/${line}`, { partner_id: id });
      expect(res.statusCode, JSON.stringify(id)).toBe(422);
      expect(errorsOf(res).partner_id).toEqual([`Partner ${message}`]);
    }
    for (const [p, message] of [
      ['2147483648', 'must be at most 2147483647.'],
      ['0', 'must be at least 1.'],
      ['1e3', 'must be a whole number.'],
      ['0x10', 'must be a whole number.'],
      ['true', 'must be a whole number.'],
    ]) {
      const res = await staff.get(`/api/orders?p=${p!}`);
      expect(res.statusCode, p).toBe(422);
      expect(errorsOf(res)).toEqual({ p: [`Partner ${message!}`] });
    }
    expect((await staff.get(`/api/orders?p=${String(h.fixtures.partnerA.id)}`)).statusCode).toBe(200);
  });
});

describe('text with NUL, other control characters or lone surrogates (items 2 and 3)', () => {
  const refused = 'must not contain control characters.';

  it('refuses them in every search with 422 on `q`', async () => {
    const line = String(trap.lineIds[0]);
    for (const q of ['a%00b', '%00', 'a%07b', 'a%1Bb', 'a%7Fb', 'a%C2%85b']) {
      for (const [client, url] of [
        [staff, `/api/orders?q=${q}`],
        [partnerA, `/api/orders?q=${q}`],
        [staff, `/api/partners?q=${q}`],
        [staff, `/api/order-lines/${line}/partners?q=${q}`],
      ] as const) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(422);
        expect(errorsOf(res), url).toEqual({ q: [`Search ${refused}`] });
      }
    }
    // Tabs are text, and a percent-encoded lone surrogate arrives as the replacement character.
    expect((await staff.get('/api/orders?q=a%09b')).statusCode).toBe(200);
    expect((await staff.get('/api/orders?q=%ED%A0%80')).statusCode).toBe(200);
  });

  it('refuses them in reject reasons, on both reject routes, and moves nothing', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    for (const reason of ['a\u0000b', '\ud800abc', 'abc\udfff', 'Store\u0007closed', '\u0000']) {
      const byPartner = await partnerA.post(`/api/orders/${String(order.id)}/reject`, { reason });
      expect(byPartner.statusCode, JSON.stringify(reason)).toBe(422);
      expect(errorsOf(byPartner)).toEqual({ reason: [`Reason ${refused}`] });
      const byStaff = await staff.post('/api/reject-order-line', { id: order.lineIds[0], reason });
      expect(byStaff.statusCode, JSON.stringify(reason)).toBe(422);
      expect(errorsOf(byStaff)).toEqual({ reason: [`Reason ${refused}`] });
    }
    expect((await orderState(h.database.db, order.id)).lines[0]!.status).toBe('open');
    // Line breaks and emoji (a surrogate pair) are fine.
    const ok = await partnerA.post(`/api/orders/${String(order.id)}/reject`, {
      reason: 'Out of stock 🌸\r\nSorry',
    });
    expect(ok.statusCode).toBe(200);
    const history = (await staff.get(`/api/orders/${String(order.id)}/history`)).json<{
      data: HistoryEntry[];
    }>();
    expect(history.data[0]!.reason).toBe('Out of stock 🌸\r\nSorry');
  });
});

describe('dates PostgreSQL or JavaScript cannot hold, or that do not exist (item 4)', () => {
  const BAD = [
    '0000-01-01',
    '0000-00-00',
    '1899-12-31',
    '3000-01-01',
    '9999-12-31',
    '2026-02-29',
    '2026-04-31',
  ];

  it('answers 422 on `sd`/`ed` of the list, for staff and partners', async () => {
    for (const date of BAD) {
      for (const [client, field] of [
        [staff, 'sd'],
        [partnerA, 'ed'],
      ] as const) {
        const res = await client.get(`/api/orders?${field}=${date}`);
        expect(res.statusCode, date).toBe(422);
        expect(errorsOf(res), date).toEqual({
          [field]: [`${field === 'sd' ? 'From' : 'To'} date must be a valid date.`],
        });
      }
    }
    expect((await staff.get('/api/orders?sd=2028-02-29&ed=2999-12-31')).statusCode).toBe(200);
  });

  it('answers 422 on `deliveryDate` and keeps the date', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    for (const deliveryDate of BAD) {
      const res = await staff.put(`/api/orders/${String(order.id)}/delivery-date`, { deliveryDate });
      expect(res.statusCode, deliveryDate).toBe(422);
      expect(errorsOf(res)).toEqual({ deliveryDate: ['Delivery date must be a valid date.'] });
    }
    expect((await orderState(h.database.db, order.id)).order.deliveryDate).toBe('2026-11-22');
    const ok = await staff.put(`/api/orders/${String(order.id)}/delivery-date`, {
      deliveryDate: '1900-01-01',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("another partner's words (item 7)", () => {
  it('after A rejects and staff reassign to B, B sees no name, user or reason of A; staff see all', async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'open', title: 'Protea crown' },
      { partnerId: h.fixtures.partnerB.id, status: 'open', title: 'Fynbos posy' },
    ]);
    const id = String(order.id);
    const reason = 'Out of stock on the flowers';
    expect((await partnerA.post(`/api/orders/${id}/reject`, { reason })).statusCode).toBe(200);
    expect((await partnerB.post(`/api/orders/${id}/accept`)).statusCode).toBe(200);
    const reassigned = await staff.post(`/api/reassign-order-line/${String(order.lineIds[0])}`, {
      partner_id: h.fixtures.partnerB.id,
    });
    expect(reassigned.statusCode).toBe(200);
    expect((await partnerB.post(`/api/orders/${id}/accept`)).statusCode).toBe(200);

    const historyOf = async (client: TestClient) =>
      (await client.get(`/api/orders/${id}/history`)).json<{ data: HistoryEntry[] }>().data;
    const forB = await historyOf(partnerB);
    const text = JSON.stringify(forB);
    expect(text).not.toContain('Protea Petals');
    expect(text).not.toContain('Fiona Florist');
    expect(text).not.toContain(reason);
    expect(forB.map((e) => e.message)).toEqual([
      'Fynbos & Co accepted Protea crown',
      'Ada Admin assigned Protea crown to Fynbos & Co',
      'Fynbos & Co accepted Fynbos posy',
    ]);
    expect(forB.every((e) => e.reason === null)).toBe(true);

    const forStaff = await historyOf(staff);
    expect(forStaff).toHaveLength(4);
    expect(forStaff.find((e) => e.status === 3)).toMatchObject({
      message: 'Protea Petals rejected Protea crown',
      reason,
      user: 'Fiona Florist',
    });
    // A has no line left on the order: it is gone from their view.
    expect((await partnerA.get(`/api/orders/${id}/history`)).statusCode).toBe(404);
  });
});

describe('returns and refunds follow the viewer’s lines (item 8)', () => {
  it('flags and lists an order for the partner whose line was returned or refunded, not for the other', async () => {
    const order = await createOrder(
      h.database.db,
      [
        { partnerId: h.fixtures.partnerA.id, status: 'delivered' },
        { partnerId: h.fixtures.partnerB.id, status: 'delivered' },
      ],
      { hasReturn: true, hasRefund: true },
    );
    const db = h.database.db;
    const [ret] = await db.insert(returns).values({ name: 'RT-1', orderId: order.id }).returning();
    await db
      .insert(returnLines)
      .values({ returnId: ret!.id, orderLineId: order.lineIds[1]!, reason: 'Wilted' });
    const [ref] = await db.insert(refunds).values({ name: 'RF-1', orderId: order.id }).returning();
    await db.insert(refundLines).values({ refundId: ref!.id, orderLineId: order.lineIds[1]! });

    const flags = async (client: TestClient) => {
      const detail = (await client.get(`/api/orders/${String(order.id)}`)).json<{ data: OrderDetail }>().data;
      const listed = async (filter: string) =>
        (await client.get(`/api/orders?filter=${filter}&per_page=100`))
          .json<{ data: OrderSummary[] }>()
          .data.find((o) => o.id === order.id);
      const inReturns = await listed('returns');
      const inRefunds = await listed('refunds');
      const plain = await listed('delivered');
      return {
        detail: [detail.hasReturn, detail.hasRefund],
        list: [plain?.hasReturn, plain?.hasRefund],
        filters: [inReturns !== undefined, inRefunds !== undefined],
      };
    };
    const yes = { detail: [true, true], list: [true, true], filters: [true, true] };
    expect(await flags(staff)).toEqual(yes);
    expect(await flags(partnerB)).toEqual(yes);
    expect(await flags(partnerA)).toEqual({
      detail: [false, false],
      list: [false, false],
      filters: [false, false],
    });
  });
});

describe('reassigning to the partner a line already has (item 12)', () => {
  it('answers 409 naming the partner, and five at once write one entry and send one e-mail', async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'rejected' },
    ]);
    const line = order.lineIds[0]!;
    await h.mailsSent();
    const sent = h.outbox.length;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post(`/api/reassign-order-line/${String(line)}`, { partner_id: h.fixtures.partnerB.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toEqual({ message: 'The line is already assigned to Fynbos & Co.' });
    const assigned = await h.database.db
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.orderLineId, line), like(orderHistory.message, '% assigned %')));
    expect(assigned).toHaveLength(1);
    await h.mailsSent();
    expect(h.outbox.slice(sent).filter((m) => m.subject.includes(order.name))).toHaveLength(1);

    // Repeating it later is refused the same way, and B still has the line, open.
    const again = await staff.post(`/api/reassign-order-line/${String(line)}`, {
      partner_id: h.fixtures.partnerB.id,
    });
    expect(again.statusCode).toBe(409);
    expect((await orderState(h.database.db, order.id)).lines[0]).toMatchObject({
      partnerId: h.fixtures.partnerB.id,
      status: 'open',
    });
    // B sees the order; moving it on to A is a real change and allowed.
    expect((await partnerB.get(`/api/orders/${String(order.id)}`)).statusCode).toBe(200);
    const toA = await staff.post(`/api/reassign-order-line/${String(line)}`, {
      partner_id: h.fixtures.partnerA.id,
    });
    expect(toA.statusCode).toBe(200);
  });
});
