import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { todayInJohannesburg } from '@bloomline/contract';

import { partners } from '../db/schema';
import { payOut } from '../shared/payouts';
import type { TestClient } from './client';
import { createHarness, type Harness } from './harness';
import { checkMoneyInvariants } from './money-invariants';
import { createOrder } from './orders-fixtures';

// The money-invariant checker (issue 46, point 9) finds each rule broken: a small money cycle made through the
// API holds every invariant, and each break below, made by hand in a transaction that is rolled back, is named.

let h: Harness;
let staff: TestClient;
const today = todayInJohannesburg();

beforeAll(async () => {
  h = await createHarness();
  let partnerA: TestClient;
  ({ staff, partnerA } = await h.signedIn('10.46.9'));
  const { partnerA: a, partnerB: b } = h.fixtures;
  // Partner A delivers two lines; a return of one of the first and a refund of the second, both on A.
  const order = await createOrder(
    h.database.db,
    [
      { partnerId: a.id, status: 'fulfilled', valueCents: 45000, quantity: 2 },
      { partnerId: a.id, status: 'fulfilled', valueCents: 20000 },
    ],
    { deliveryDate: today },
  );
  expect((await partnerA.post(`/api/orders/${String(order.id)}/deliver`)).statusCode).toBe(200);
  const opened = await staff.post(`/api/orders/${String(order.id)}/returns`, {
    lines: [{ orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged on delivery' }],
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const returnId = opened.json<{ data: { id: number } }>().data.id;
  expect(
    (await staff.post(`/api/orders/returns/${String(returnId)}/process`, { responsible: 'Partner' }))
      .statusCode,
  ).toBe(200);
  const refund = await staff.post(`/api/orders/${String(order.id)}/refunds`, {
    amount: 50,
    lines: [order.lineIds[1]!],
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const refundId = refund.json<{ data: { id: number } }>().data.id;
  expect(
    (await staff.put(`/api/orders/refunds/${String(refundId)}`, { responsible: 'Partner', onPay: 10 }))
      .statusCode,
  ).toBe(200);
  // An in-store order placed by B, delivered by A: B's in-store deduction.
  const relay = await createOrder(
    h.database.db,
    [{ partnerId: a.id, status: 'fulfilled', valueCents: 30000 }],
    { source: 'in-store', placedByPartnerId: b.id, deliveryDate: today },
  );
  expect((await partnerA.post(`/api/orders/${String(relay.id)}/deliver`)).statusCode).toBe(200);
  // Paid into an account on record (payOut pays only complete, confirmed bank details; these have no change).
  await h.database.db
    .update(partners)
    .set({ bankName: 'FNB', branchCode: '250655', accountName: 'Protea Petals', accountNumber: '62000000001', accountType: 'Cheque' })
    .where(eq(partners.id, a.id)); // prettier-ignore
  await h.database.db.transaction((tx) =>
    payOut(tx, {
      upTo: today,
      paidAt: today,
      reference: 'BL TEST 46',
      partnerIds: [a.id],
      userId: h.fixtures.staff.id,
    }),
  );
}, 120_000);
afterAll(() => h.close());

/** The violations found after `change`, which is then rolled back. */
async function violationsAfter(change: string): Promise<string[]> {
  let found: string[] = [];
  await h.database.db
    .transaction(async (tx) => {
      // One statement at a time (a prepared statement holds one).
      for (const statement of change.split(';\n')) await tx.execute(sql.raw(statement));
      found = await checkMoneyInvariants(tx);
      throw new Error('roll back');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'roll back') throw error;
    });
  return found;
}

describe('checkMoneyInvariants', () => {
  it('finds nothing wrong in a money cycle made by the product', async () => {
    expect(await checkMoneyInvariants(h.database.db)).toEqual([]);
    const counts = await h.database.query(
      `select (select count(*) from bills)::int as bills, (select count(*) from credit_notes)::int as notes,
        (select count(*) from refund_partners where refund_deduction_cents > 0)::int as refunds,
        (select count(*) from payments)::int as payments`,
    );
    expect(counts.rows[0]).toEqual({ bills: 2, notes: 2, refunds: 1, payments: 1 });
  });

  it.each([
    [
      'a deduction above what the line earned',
      `update refund_partners set refund_deduction_cents = 900000`,
      /line \d+ is deducted R .*, more than the R .* it earned/,
    ],
    [
      'a refund above the order value',
      `update refunds set amount_cents = 10000000`,
      /1 refunds give back R 100 000,00, more than its value with delivery/,
    ],
    [
      'more returned than delivered',
      `update return_lines set quantity = 7`,
      /line \d+ \(return, 2 delivered\) has 7 returned/,
    ],
    [
      'an in-store deduction from a web order',
      `update orders set source = 'web' where placed_by_partner_id is not null`,
      /Fynbos & Co, \d{4}-\d{2}: in-store deduction R 399,00 for order #BL\d+ \(source web/,
    ],
    [
      'a bill that is not the on pay',
      `update bills set amount_cents = amount_cents + 1 where order_id = (select min(order_id) from bills)`,
      /: bill R .* is not the on pay R /,
    ],
    [
      'a delivered partner without a bill',
      `delete from bills where order_id = (select max(order_id) from bills)`,
      /every line delivered but no bill/,
    ],
    [
      'a payment that is not its bills less its deductions',
      `update payments set amount_cents = amount_cents + 100`,
      /payment \d+ of R .*, its bills less its deductions being R /,
    ],
    ['a payment of nothing', `update payments set amount_cents = 0`, /payment \d+ of R 0,00/],
    [
      // The database refuses it too (payouts_reference_unique): dropped here, in the rolled-back transaction.
      'a payout reference used twice',
      `drop index payouts_reference_unique;
       insert into payouts (up_to, paid_at, reference) values (current_date, current_date, 'BL TEST 46')`,
      /Payout reference "BL TEST 46" used by 2 payouts/,
    ],
    ['a paid bill marked unpaid', `update bills set paid = false`, /current balance R .* is not all bills/],
    [
      'a deduction where the marketplace bears the refund',
      `update refunds set responsible = 'Bloomline'`,
      /Bloomline responsible, yet R 10,00 deducted/,
    ],
    [
      'a credit note of a return the customer bears',
      `update returns set responsible = 'Customer'`,
      /Customer responsible, yet a credit note/,
    ],
    [
      'a payment before what it settles',
      `update payments set paid_at = '2020-01-01'`,
      /made on 2020-01-01 settles an entry of/,
    ],
    [
      'a bill dated before its order was made',
      `update orders set created_at = now() + interval '3 days'`,
      /billed on \d{4}-\d{2}-\d{2}, before the order was made on/,
    ],
  ])('names %s', async (_what, change, sentence) => {
    const found = await violationsAfter(change);
    expect(
      found.some((v) => sentence.test(v)),
      found.join('\n'),
    ).toBe(true);
  });
});
