import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountingRow, OrderDetail, Paged, OrderSummary, StatementAnswer } from '@bloomline/contract';
import { ON_PAY_INCL, toCents, todayInJohannesburg } from '@bloomline/contract';

import { bills, orderLines, partners } from '../db/schema';
import type { TestClient } from './client';
import { createHarness, type Harness } from './harness';
import { createOrder } from './orders-fixtures';

// Issue 46, "A line's pay is fixed when it is assigned" (DECISIONS.md "Money that cannot go wrong"): a line
// keeps the VAT rate, commission and VAT registration in force when it was given its partner; changing the
// settings or the partner later changes no order's on pay; once billed, the bill is the figure everywhere.
// Partner B (the harness's): commission 20 %, VAT registered. Partner A: commission 25 %, not registered.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.46.6'));
});
afterAll(() => h.close());

const DAY = '2026-11-21';
/** Bills are dated the day delivered (issue 46): the statement month and the CSV's period are today's. */
const TODAY = todayInJohannesburg();

const termsOf = async (lineId: number) => {
  const [line] = await h.database.db
    .select({
      vat: orderLines.payVatRate,
      commission: orderLines.payCommission,
      vatRegistered: orderLines.payVatRegistered,
    })
    .from(orderLines)
    .where(eq(orderLines.id, lineId));
  const number = (v: string | null) => (v === null ? null : Number(v));
  return line && { ...line, vat: number(line.vat), commission: number(line.commission) };
};

const assign = (lineId: number, partnerId: number) =>
  staff.post(`/api/reassign-order-line/${String(lineId)}`, { partner_id: partnerId });

/** One unassigned line of R 1 000,00 on an order with a R 99,00 delivery fee, delivered on DAY. */
const unassignedOrder = () =>
  createOrder(h.database.db, [{ partnerId: null, status: 'open', valueCents: 100_000 }], {
    deliveryDate: DAY,
  });

/** Every figure of an order's on pay for one partner (cents), through the API as staff. */
async function onPayEverywhere(orderId: number, name: string, partnerId: number) {
  const id = String(orderId);
  const page = (await staff.get(`/api/orders/${id}`)).json<{ data: OrderDetail }>().data;
  const dialog = (await staff.get(`/api/orders/${id}/onpayment`)).json<{ data: Record<string, number> }>()
    .data;
  const list = (await staff.get(`/api/orders?q=${encodeURIComponent(name.toLowerCase())}`)).json<
    Paged<OrderSummary>
  >();
  const [bill] = await h.database.db.select().from(bills).where(eq(bills.orderId, orderId));
  const statement = (
    await staff.get(`/api/reporting/statements?month=${TODAY.slice(0, 7)}&partner_id=${String(partnerId)}`)
  ).json<StatementAnswer>();
  const entry = statement.data.find((e) => e.type === 'order' && e.order.id === orderId);
  const csv = (await staff.get(`/api/reporting/accounting-csv?startDate=${TODAY}&endDate=${TODAY}`)).json<
    AccountingRow[]
  >();
  const rows = csv.filter((r) => r[18] === orderId);
  return {
    page: toCents(page.onPay),
    dialog: toCents(dialog[ON_PAY_INCL]!),
    list: toCents(list.data.find((o) => o.id === orderId)!.onPay),
    bill: bill?.amountCents,
    statement: entry?.type === 'order' ? toCents(entry.bill!.amount) : undefined,
    csv: rows.reduce((s, r) => s + toCents(r[16]), 0),
    csvVatRegistered: rows.map((r) => r[12]),
    steps: dialog,
  };
}

describe("a line's pay terms", () => {
  it('are taken when a line is assigned, taken anew when it goes to another partner, and dropped when unassigned', async () => {
    const order = await unassignedOrder();
    const line = order.lineIds[0]!;
    expect(await termsOf(line)).toEqual({ vat: null, commission: null, vatRegistered: null });
    expect((await assign(line, h.fixtures.partnerB.id)).statusCode).toBe(200);
    expect(await termsOf(line)).toEqual({ vat: 0.15, commission: 0.2, vatRegistered: true });
    expect((await assign(line, h.fixtures.partnerA.id)).statusCode).toBe(200);
    expect(await termsOf(line)).toEqual({ vat: 0.15, commission: 0.25, vatRegistered: false });
    // A: 1 000,00 less 25 % = 750,00, not VAT registered; + fee 99,00 = 849,00.
    const dialog = (await staff.get(`/api/orders/${String(order.id)}/onpayment`)).json<{
      data: Record<string, number>;
    }>().data;
    expect(dialog[ON_PAY_INCL]).toBe(849);
    // Rejected by A, the line keeps A (and A's terms) until staff give it to someone else.
    expect(
      (await partnerA.post(`/api/orders/${String(order.id)}/reject`, { reason: 'Too far' })).statusCode,
    ).toBe(200);
    expect(await termsOf(line)).toEqual({ vat: 0.15, commission: 0.25, vatRegistered: false });
  });

  it('are taken by a bulk assignment too', async () => {
    const order = await unassignedOrder();
    const res = await staff.post('/api/orders/bulk', {
      action: 'assign',
      ids: [order.id],
      partnerId: h.fixtures.partnerB.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await termsOf(order.lineIds[0]!)).toEqual({ vat: 0.15, commission: 0.2, vatRegistered: true });
  });

  it('cannot be written over: the database keeps them while the line keeps its partner', async () => {
    const order = await createOrder(
      h.database.db,
      [{ partnerId: h.fixtures.partnerB.id, status: 'accepted', valueCents: 100_000 }],
      { deliveryDate: DAY },
    );
    const line = order.lineIds[0]!;
    await h.database.db
      .update(orderLines)
      .set({ payCommission: '0.9000', payVatRate: '0.5', payVatRegistered: false })
      .where(eq(orderLines.id, line));
    expect(await termsOf(line)).toEqual({ vat: 0.15, commission: 0.2, vatRegistered: true });
    await h.database.db.update(orderLines).set({ partnerId: null }).where(eq(orderLines.id, line));
    expect(await termsOf(line)).toEqual({ vat: null, commission: null, vatRegistered: null });
  });
});

describe('a VAT, commission and VAT-number change after assignment', () => {
  it('changes no figure of the order: page, dialog, list, bill, statement and CSV keep the assigned terms', async () => {
    // Assigned at 15 % VAT to B (20 %, VAT registered), accepted; a second unassigned line waits.
    const order = await createOrder(
      h.database.db,
      [
        { partnerId: null, status: 'open', valueCents: 100_000 },
        { partnerId: null, status: 'open', valueCents: 20_000 },
      ],
      { deliveryDate: DAY },
    );
    const [first, second] = order.lineIds as [number, number];
    const laterOrder = await unassignedOrder();
    expect((await assign(first, h.fixtures.partnerB.id)).statusCode).toBe(200);
    expect((await partnerB.post(`/api/orders/${String(order.id)}/accept`)).statusCode).toBe(200);

    // By hand: 1 000,00 less 20 % (200,00) = 800,00; VAT 15 % 120,00 = 920,00; fee 99,00 + VAT 14,85
    // = 1 033,85.
    const before = await onPayEverywhere(order.id, order.name, h.fixtures.partnerB.id);
    expect([before.page, before.dialog, before.list]).toEqual([103_385, 103_385, 103_385]);

    // VAT 15 % → 16 %, B's commission 20 % → 25 %, B's VAT number removed.
    expect((await staff.put('/api/settings/vat', { vat: 0.16 })).statusCode).toBe(200);
    await h.database.db
      .update(partners)
      .set({ commission: '0.2500', vatNumber: null })
      .where(eq(partners.id, h.fixtures.partnerB.id));

    const after = await onPayEverywhere(order.id, order.name, h.fixtures.partnerB.id);
    expect([after.page, after.dialog, after.list]).toEqual([103_385, 103_385, 103_385]);
    expect(after.steps).toMatchObject({
      'Commission (20%)': -200,
      'VAT (15%)': 120,
      'VAT on delivery (15%)': 14.85,
    });

    // B's second line on the same order takes the terms B already has on it: one deal per partner and order.
    expect((await assign(second, h.fixtures.partnerB.id)).statusCode).toBe(200);
    expect(await termsOf(second)).toEqual({ vat: 0.15, commission: 0.2, vatRegistered: true });
    await partnerB.post(`/api/orders/${String(order.id)}/accept`);
    expect((await partnerB.post(`/api/orders/${String(order.id)}/fulfill`)).statusCode).toBe(200);
    expect((await partnerB.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);

    // By hand: 1 200,00 less 20 % (240,00) = 960,00; VAT 15 % 144,00 = 1 104,00; fee 99,00 + 14,85
    // = 1 217,85.
    const billed = await onPayEverywhere(order.id, order.name, h.fixtures.partnerB.id);
    expect(billed).toMatchObject({
      page: 121_785,
      dialog: 121_785,
      list: 121_785,
      bill: 121_785,
      statement: 121_785,
      csv: 121_785,
      csvVatRegistered: [true, true],
    });

    // A line assigned after the change takes the new terms: 16 %, 25 %, not VAT registered.
    // By hand: 1 000,00 less 25 % = 750,00; no VAT; + fee 99,00 = 849,00.
    expect((await assign(laterOrder.lineIds[0]!, h.fixtures.partnerB.id)).statusCode).toBe(200);
    expect(await termsOf(laterOrder.lineIds[0]!)).toEqual({
      vat: 0.16,
      commission: 0.25,
      vatRegistered: false,
    });
    const later = await onPayEverywhere(laterOrder.id, laterOrder.name, h.fixtures.partnerB.id);
    expect([later.page, later.dialog, later.list]).toEqual([84_900, 84_900, 84_900]);

    await h.database.db
      .update(partners)
      .set({ commission: '0.2000', vatNumber: '4123456789' })
      .where(eq(partners.id, h.fixtures.partnerB.id));
    expect((await staff.put('/api/settings/vat', { vat: 0.15 })).statusCode).toBe(200);
  });
});

describe('once billed, the bill is the figure', () => {
  it("even where a line's terms say otherwise (a line assigned before issue 46, filled with later terms)", async () => {
    // The issue's #BL12961: delivered and billed at 15 %; its line then read today's 16 % (as migration 0024
    // fills lines assigned before it). Page, dialog, list, CSV and statement all keep the bill.
    const order = await createOrder(
      h.database.db,
      [{ partnerId: h.fixtures.partnerB.id, status: 'fulfilled', valueCents: 100_000 }],
      { deliveryDate: DAY },
    );
    expect((await partnerB.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table order_lines disable trigger order_lines_pay_terms`);
      await tx.update(orderLines).set({ payVatRate: '0.16' }).where(eq(orderLines.orderId, order.id));
      await tx.execute(sql`alter table order_lines enable trigger order_lines_pay_terms`);
    });
    const seen = await onPayEverywhere(order.id, order.name, h.fixtures.partnerB.id);
    // At 16 % it would read 800,00 + 128,00 + 99,00 + 15,84 = 1 042,84; the bill says 1 033,85.
    expect(seen).toMatchObject({
      page: 103_385,
      dialog: 103_385,
      list: 103_385,
      bill: 103_385,
      statement: 103_385,
      csv: 103_385,
    });
    // The steps still add up to the bill: a row says by how much it differs from today's terms.
    expect(seen.steps).toMatchObject({
      'VAT (16%)': 128,
      'Adjusted to the bill': -8.99,
      'On pay (Excl Delivery)': 919.01,
    });
  });
});
