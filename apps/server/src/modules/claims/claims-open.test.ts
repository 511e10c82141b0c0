import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Refund, ReturnDetail, StatementAnswer } from '@bloomline/contract';

import { auditEntries, orderHistory, orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

import { threeDeliveredLines } from './claims.test-support';

// Returns and refunds opened by staff from the order page (DECISIONS.md "The money cycle on real orders";
// issue 35), as staff, partner A, partner B and signed out; the rules, the 422 bags, sums worked by hand, and
// the credit note a return's processing shows before and writes after.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let guest: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.35.3'));
  guest = h.client('10.35.3.9');
  await guest.csrf();
});
afterAll(() => h.close());

/** Delivered: A 2 × R 450,01 and 1 × R 123,45; B (VAT registered, 20 %) 3 × R 299,99; one line still open. */
const order = () =>
  createOrder(h.database.db, [
    ...threeDeliveredLines(h.fixtures),
    { partnerId: h.fixtures.partnerA.id, status: 'accepted', valueCents: 5000, title: 'Balloon' },
  ]);

describe('POST /api/orders/{id}/returns', () => {
  it('staff only: partners 403, signed out 401, an unknown order 404', async () => {
    const o = await order();
    const body = { lines: [{ orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Damaged on delivery' }] };
    expect((await partnerA.post(`/api/orders/${String(o.id)}/returns`, body)).statusCode).toBe(403);
    expect((await partnerB.post(`/api/orders/${String(o.id)}/returns`, body)).statusCode).toBe(403);
    expect((await guest.post(`/api/orders/${String(o.id)}/returns`, body)).statusCode).toBe(401);
    expect((await staff.post('/api/orders/999999/returns', body)).statusCode).toBe(404);
  });

  it('refuses lines not delivered, not on the order, twice, or more than is left, under each field', async () => {
    const o = await order();
    const other = await order();
    const res = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [
        { orderLineId: o.lineIds[3]!, quantity: 1, reason: 'Late' },
        { orderLineId: other.lineIds[0]!, quantity: 1, reason: 'Late' },
        { orderLineId: o.lineIds[0]!, quantity: 3, reason: 'Late' },
        { orderLineId: o.lineIds[1]!, quantity: 1, reason: '' },
        { orderLineId: o.lineIds[2]!, quantity: 1.5, reason: 'Late' },
      ],
    });
    expect(res.statusCode).toBe(422);
    // The body's own rules first (a blank reason, half a rose); the order's rules once it is well formed.
    expect(Object.keys(res.json<Errors>().errors!).sort()).toEqual(['lines.3.reason', 'lines.4.quantity']);
    const wrong = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [
        { orderLineId: other.lineIds[0]!, quantity: 1, reason: 'Late' },
        { orderLineId: o.lineIds[0]!, quantity: 3, reason: 'Late' },
      ],
    });
    expect(wrong.json<Errors>().errors).toEqual({
      'lines.0.orderLineId': ['This line is not on the order.'],
      'lines.1.quantity': ['At most 2 can still be returned on this line.'],
    });
    const notDelivered = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [
        { orderLineId: o.lineIds[3]!, quantity: 1, reason: 'Late' },
        { orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Late' },
        { orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Late' },
      ],
    });
    expect(notDelivered.statusCode).toBe(422);
    expect(notDelivered.json<Errors>().errors).toEqual({
      'lines.0.orderLineId': ['Only delivered lines can be returned.'],
      'lines.2.orderLineId': ['Each line can be returned once per return.'],
    });
    for (const lines of [[], 'x', [{ orderLineId: 'abc', quantity: -1, reason: 'x' }]]) {
      expect((await staff.post(`/api/orders/${String(o.id)}/returns`, { lines })).statusCode).toBe(422);
    }
    // Nothing was written.
    expect((await orderState(h.database.db, o.id)).order.hasReturn).toBe(false);
  });

  it('opens a return, leaves the lines delivered, shows each partner credit note before and after processing', async () => {
    const o = await order();
    const res = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [
        { orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Damaged on delivery', note: 'Photo sent' },
        { orderLineId: o.lineIds[1]!, quantity: 2, reason: 'Wrong item delivered' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const opened = res.json<{ data: ReturnDetail }>().data;
    expect(opened).toMatchObject({ name: `${o.name}-R1`, status: 'open', lineCount: 2, responsible: null });
    // By hand, if the partner were responsible: A 1 × 450,01 less 25 % = 337,51 (337,5075); B 2 × 299,99 =
    // 599,98 less 20 % = 479,98 (479,984), VAT 15 % 72,00 (71,997) = 551,98.
    expect(opened.creditNotes).toEqual([
      { partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' }, amount: 337.51 },
      { partner: { id: h.fixtures.partnerB.id, name: h.fixtures.partnerB.name }, amount: 551.98 },
    ]);
    const state = await orderState(h.database.db, o.id);
    expect(state.lines.map((l) => l.status)).toEqual(['delivered', 'delivered', 'delivered', 'accepted']);
    expect(state.order.hasReturn).toBe(true);
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
    expect(history.map((r) => r.message)).toContain(`Ada Admin opened return ${o.name}-R1`);
    const audit = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyType, 'return'));
    expect(audit.some((a) => a.propertyId === opened.id && a.event === 'created')).toBe(true);

    // A second return of the same line: only what is left (1 of 2 roses; 1 of 3 lilies).
    const more = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [{ orderLineId: o.lineIds[0]!, quantity: 2, reason: 'Late delivery' }],
    });
    expect(more.json<Errors>().errors).toEqual({
      'lines.0.quantity': ['At most 1 can still be returned on this line.'],
    });

    const processed = await staff.post(`/api/orders/returns/${String(opened.id)}/process`, {
      responsible: 'Partner',
    });
    expect(processed.statusCode, processed.body).toBe(200);
    const after = processed.json<{ data: ReturnDetail }>().data;
    expect(after.creditNotes).toEqual(opened.creditNotes);
    const lines = (await orderState(h.database.db, o.id)).lines.map((l) => l.status);
    expect(lines).toEqual(['return', 'return', 'delivered', 'accepted']);
    const statement = (
      await partnerA.get(`/api/reporting/statements?month=${new Date().toISOString().slice(0, 7)}`)
    ).json<StatementAnswer>();
    const entry = statement.data.find((e) => e.type === 'order' && e.order.id === o.id);
    expect(entry?.type === 'order' && entry.creditNotes.map((n) => n.amount)).toEqual([337.51]);
  });

  it('a return processed with another party responsible shows no deduction', async () => {
    const o = await order();
    const res = await staff.post(`/api/orders/${String(o.id)}/returns`, {
      lines: [{ orderLineId: o.lineIds[2]!, quantity: 1, reason: 'Late delivery' }],
    });
    const id = res.json<{ data: ReturnDetail }>().data.id;
    const after = (
      await staff.post(`/api/orders/returns/${String(id)}/process`, { responsible: 'Customer' })
    ).json<{ data: ReturnDetail }>().data;
    expect(after.creditNotes).toEqual([
      { partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' }, amount: 0 },
    ]);
  });
});

describe('POST /api/orders/{id}/refunds', () => {
  it('staff only', async () => {
    const o = await order();
    const body = { amount: 10, lines: [o.lineIds[0]!] };
    expect((await partnerA.post(`/api/orders/${String(o.id)}/refunds`, body)).statusCode).toBe(403);
    expect((await partnerB.post(`/api/orders/${String(o.id)}/refunds`, body)).statusCode).toBe(403);
    expect((await guest.post(`/api/orders/${String(o.id)}/refunds`, body)).statusCode).toBe(401);
    expect((await staff.post('/api/orders/999999/refunds', body)).statusCode).toBe(404);
  });

  it('refuses amounts that are not above 0, above the order value, three decimals or not numbers', async () => {
    const o = await order();
    // The order's value with delivery: 900,02 + 899,97 + 123,45 + 50,00 + 99,00 = 2 072,44.
    for (const amount of [0, -5, 12.345, 'abc', '12,50,1', null]) {
      const res = await staff.post(`/api/orders/${String(o.id)}/refunds`, { amount, lines: [o.lineIds[0]!] });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(Object.keys(res.json<Errors>().errors!), String(amount)).toEqual(['amount']);
    }
    const above = await staff.post(`/api/orders/${String(o.id)}/refunds`, {
      amount: 2072.45,
      lines: [o.lineIds[0]!],
    });
    expect(above.json<Errors>().errors).toEqual({
      amount: [
        'Amount can be at most R 2 072,44, what is left to refund on this order (its value with delivery).',
      ],
    });
    const notDelivered = await staff.post(`/api/orders/${String(o.id)}/refunds`, {
      amount: 5,
      lines: [o.lineIds[3]!],
    });
    expect(notDelivered.json<Errors>().errors).toEqual({
      'lines.0': ['Only delivered lines can be refunded.'],
    });
    expect(
      (await staff.post(`/api/orders/${String(o.id)}/refunds`, { amount: 5, lines: [] })).statusCode,
    ).toBe(422);
    expect((await orderState(h.database.db, o.id)).order.hasRefund).toBe(false);
  });

  it('opens a refund split over the lines by value, to the cent; processing deducts; lines move only then', async () => {
    const o = await order();
    const res = await staff.post(`/api/orders/${String(o.id)}/refunds`, {
      amount: '300,00',
      lines: [o.lineIds[0]!, o.lineIds[1]!],
      reason: 'Flowers wilted',
    });
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json<{ data: Refund }>().data;
    // By hand: weights 900,02 and 899,97 (1 799,99): 300 × 900,02 / 1 799,99 = 150,0063 → 150,00, the other
    // 149,99 and the cent left to the larger: 150,01 and 149,99. On pay of each part: A 150,01 less 25 % =
    // 112,51 (112,5075); B 149,99 less 20 % = 119,99 (119,992), VAT 18,00 (17,9988) = 137,99.
    expect(card).toMatchObject({
      name: `${o.name}-RF1`,
      amount: 300,
      onPay: null,
      onPayAmount: 250.5,
      responsible: null,
      reason: 'Flowers wilted',
    });
    expect(card.lines.map((l) => [l.amount, l.onPayAmount])).toEqual([
      [150.01, 112.51],
      [149.99, 137.99],
    ]);
    expect((await orderState(h.database.db, o.id)).lines.map((l) => l.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'accepted',
    ]);
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row!.hasRefund).toBe(true);
    const processed = await staff.put(`/api/orders/refunds/${String(card.id)}`, {
      responsible: 'Partner',
      onPay: 100,
    });
    expect(processed.statusCode, processed.body).toBe(200);
    // 100,00 split by the on pay 112,51 : 137,99 → A 44,91 (44,912), B 55,08, the cent to B (the larger): 55,09.
    expect(processed.json<{ data: Refund }>().data.partners.map((p) => p.refundDeduction)).toEqual([
      44.91, 55.09,
    ]);
    expect((await orderState(h.database.db, o.id)).lines.map((l) => l.status)).toEqual([
      'refund',
      'refund',
      'delivered',
      'accepted',
    ]);
  });
});

describe('the lists', () => {
  it('filter returns and refunds by open or processed, search them and carry the date', async () => {
    const o = await order();
    const r = (
      await staff.post(`/api/orders/${String(o.id)}/returns`, {
        lines: [{ orderLineId: o.lineIds[2]!, quantity: 1, reason: 'Late delivery' }],
      })
    ).json<{ data: ReturnDetail }>().data;
    const open = (await staff.get(`/api/orders/returns?status=open&q=${encodeURIComponent(o.name)}`)).json<{
      data: { id: number; createdAt: string }[];
    }>();
    expect(open.data.map((x) => x.id)).toEqual([r.id]);
    expect(open.data[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const processed = await staff.get(`/api/orders/returns?status=processed&q=${encodeURIComponent(o.name)}`);
    expect(processed.json<{ data: unknown[] }>().data).toEqual([]);
    expect((await staff.get('/api/orders/returns?status=closed')).statusCode).toBe(422);

    const f = (
      await staff.post(`/api/orders/${String(o.id)}/refunds`, { amount: 10, lines: [o.lineIds[2]!] })
    ).json<{ data: Refund }>().data;
    const openRefunds = await staff.get(`/api/v2/orders/refunds?status=open&q=${encodeURIComponent(o.name)}`);
    expect(openRefunds.json<{ data: Refund[] }>().data.map((x) => x.id)).toEqual([f.id]);
    const done = await staff.get(`/api/v2/orders/refunds?status=processed&q=${encodeURIComponent(o.name)}`);
    expect(done.json<{ data: Refund[] }>().data).toEqual([]);
    expect((await staff.get('/api/v2/orders/refunds?status=x')).statusCode).toBe(422);
  });
});
afterAll(async () => (await import('../../test/money-invariants')).expectMoneyInvariants(h));
