import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountingRow, OrderDetail, Paged, OrderSummary, StatementAnswer } from '@bloomline/contract';
import { ON_PAY_INCL, toCents, todayInJohannesburg } from '@bloomline/contract';

import { auditEntries, bills, creditNotes } from '../db/schema';
import type { TestClient } from './client';
import { createHarness, type Harness } from './harness';
import { createOrder } from './orders-fixtures';

// The bill at delivery and the one on-pay function (DECISIONS.md "Money and pricing", "The money cycle on real
// orders"; issue 35): every path that delivers writes the partner's bill in its transaction, once, and the order
// page, the breakdown dialog, the list's onPay, the bill, the statement and the accounting CSV agree to the cent.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.35.1'));
});
afterAll(() => h.close());

const billsOf = (orderId: number) =>
  h.database.db.select().from(bills).where(eq(bills.orderId, orderId)).orderBy(bills.partnerId);

describe('the bill at delivery', () => {
  it("is written when the partner's last line is delivered, for its on pay, by the partner's order action", async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'fulfilled', valueCents: 45001, quantity: 2 },
      { partnerId: h.fixtures.partnerA.id, status: 'fulfilled', valueCents: 12345 },
    ]);
    expect(await billsOf(order.id)).toEqual([]);
    const res = await partnerA.post(`/api/orders/${String(order.id)}/deliver`);
    expect(res.statusCode, res.body).toBe(200);
    // By hand: 2 × 450,01 + 123,45 = 1 023,47; less 25 % (255,87) = 767,60; not VAT registered; + fee 99,00
    // = 866,60.
    const [bill] = await billsOf(order.id);
    expect(bill).toMatchObject({ partnerId: h.fixtures.partnerA.id, amountCents: 86660, paid: false });
    // Dated the day it was delivered (issue 46), whatever the order's delivery date.
    expect(bill!.statementDay).toBe(todayInJohannesburg());
    const audit = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyType, 'bill'));
    expect(audit.some((a) => a.propertyId === bill!.id)).toBe(true);
  });

  it("waits for the partner's every line, and bills each partner apart, by staff's line actions", async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerB.id, status: 'fulfilled', valueCents: 29999, quantity: 3 },
      {
        partnerId: h.fixtures.partnerA.id,
        status: 'fulfilled',
        valueCents: 10000,
        more: { partnerDelivers: false },
      },
      { partnerId: h.fixtures.partnerB.id, status: 'fulfilled', valueCents: 5000 },
    ]);
    const deliver = (id: number) => staff.post('/api/deliver-order-line', { id });
    expect((await deliver(order.lineIds[0]!)).statusCode).toBe(200);
    expect(await billsOf(order.id)).toEqual([]);
    expect((await deliver(order.lineIds[1]!)).statusCode).toBe(200);
    // A: 100,00 less 25 % = 75,00, no fee (B delivers).
    expect((await billsOf(order.id)).map((b) => [b.partnerId, b.amountCents])).toEqual([
      [h.fixtures.partnerA.id, 7500],
    ]);
    expect((await deliver(order.lineIds[2]!)).statusCode).toBe(200);
    // B: 3 × 299,99 + 50,00 = 949,97; less 20 % (189,99) = 759,98; VAT 114,00 = 873,98; fee 99,00 + VAT 14,85
    // = 987,83.
    expect((await billsOf(order.id)).map((b) => [b.partnerId, b.amountCents])).toEqual([
      [h.fixtures.partnerA.id, 7500],
      [h.fixtures.partnerB.id, 98783],
    ]);
  });

  it('is written once when the same order is delivered twice at once', async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'fulfilled', valueCents: 20000 },
    ]);
    const [one, two] = await Promise.all([
      partnerA.post(`/api/orders/${String(order.id)}/deliver`),
      staff.post('/api/deliver-order-line', { id: order.lineIds[0]! }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await billsOf(order.id)).toHaveLength(1);
  });

  it("writes a delivered relay order's value as the placing partner's in-store deduction, dated the day delivered", async () => {
    const order = await createOrder(
      h.database.db,
      [{ partnerId: h.fixtures.partnerB.id, status: 'fulfilled', valueCents: 35000 }],
      { source: 'in-store', placedByPartnerId: h.fixtures.partnerA.id, deliveryDate: '2026-11-20' },
    );
    expect((await partnerB.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);
    const notes = await h.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    // 350,00 + the delivery fee 99,00: the order's value as the customer paid it.
    expect(notes.map((n) => [n.partnerId, n.kind, n.amountCents, n.date])).toEqual([
      [h.fixtures.partnerA.id, 'instore', 44900, todayInJohannesburg()],
    ]);
  });
});

/** Everything that shows an order's on pay, for one partner (cents), read through the API. */
async function onPayEverywhere(orderId: number, name: string, as: TestClient, partnerId: number) {
  const detail = (await as.get(`/api/orders/${String(orderId)}`)).json<{ data: OrderDetail }>().data;
  const dialog = (await as.get(`/api/orders/${String(orderId)}/onpayment`)).json<{
    data: Record<string, number>;
  }>().data;
  const list = (await as.get(`/api/orders?q=${encodeURIComponent(name.toLowerCase())}`)).json<
    Paged<OrderSummary>
  >();
  const [bill] = await h.database.db
    .select()
    .from(bills)
    .where(eq(bills.orderId, orderId))
    .then((rows) => rows.filter((b) => b.partnerId === partnerId));
  const statement = (
    await staff.get(
      `/api/reporting/statements?month=${todayInJohannesburg().slice(0, 7)}&partner_id=${String(partnerId)}`,
    )
  ).json<StatementAnswer>();
  const entry = statement.data.find((e) => e.type === 'order' && e.order.id === orderId);
  const today = todayInJohannesburg();
  const csv = (await staff.get(`/api/reporting/accounting-csv?startDate=${today}&endDate=${today}`)).json<
    AccountingRow[]
  >();
  const rows = csv.filter((r) => r[18] === orderId && r[11] !== null);
  const partnerName = partnerId === h.fixtures.partnerA.id ? 'Protea Petals' : h.fixtures.partnerB.name;
  return {
    page: toCents(detail.onPay),
    dialog: toCents(dialog[ON_PAY_INCL]!),
    list: toCents(list.data.find((o) => o.id === orderId)!.onPay),
    bill: bill?.amountCents,
    statement: entry?.type === 'order' ? toCents(entry.bill!.amount) : undefined,
    statementOnPay: entry?.type === 'order' ? toCents(entry.order.onPay!) : undefined,
    csv: rows.filter((r) => r[11] === partnerName).reduce((s, r) => s + toCents(r[16]), 0),
  };
}

describe('one on-pay function, everywhere', () => {
  it('the order page, the dialog, the list, the bill, the statement and the CSV agree to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            valueCents: fc.integer({ min: 1, max: 300_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.integer({ min: 0, max: 30_000 }),
        fc.boolean(),
        fc.boolean(),
        async (lines, fee, vatPartner, collected) => {
          const partner = vatPartner ? h.fixtures.partnerB : h.fixtures.partnerA;
          const client = vatPartner ? partnerB : partnerA;
          const order = await createOrder(
            h.database.db,
            lines.map((l) => ({ partnerId: partner.id, status: 'fulfilled', ...l })),
            { deliveryFeeCents: fee, isCollection: collected, deliveryDate: todayInJohannesburg() },
          );
          expect((await client.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);
          const seen = await onPayEverywhere(order.id, order.name, client, partner.id);
          const one = seen.bill!;
          expect(seen, JSON.stringify({ lines, fee, vatPartner, collected })).toEqual({
            page: one,
            dialog: one,
            list: one,
            bill: one,
            statement: one,
            statementOnPay: one,
            csv: one,
          });
        },
      ),
      // On PostgreSQL each run's CSV is written by a worker thread started from the sources (about 2 s of CPU):
      // five runs there check the SQL path, fifteen on PGlite the arithmetic. A ceiling for a loaded machine
      // (CI runs this beside the journeys), not a measure of speed.
      { numRuns: process.env.DATABASE_URL ? 5 : 15 },
    );
  }, 600_000);
});
afterAll(async () => (await import('./money-invariants')).expectMoneyInvariants(h));
