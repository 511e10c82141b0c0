import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OrderDetail, Refund, ReturnDetail, StatementAnswer } from '@bloomline/contract';
import { CLAIM_TEXTS, todayInJohannesburg } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import { auditEntries, creditNotes, orderHistory, partners, refundPartners, refunds } from '../../db/schema';
import { createRefund } from '../../test/claims-fixtures';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// The bounds on every claim (issue 46; DECISIONS.md "Money that cannot go wrong"), the examples replayed
// with sums worked by hand. Partner A (Protea Petals): 25 % commission, not VAT registered, so a line of
// R 115,00 earns R 86,25 and one of R 345,00 earns R 258,75. Partner B: 20 %, VAT registered.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };
type Card = { data: Refund };

const refundsOf = (orderId: number) => `/api/orders/${String(orderId)}/refunds`;
const one = (id: number) => `/api/orders/refunds/${String(id)}`;

/** What partner A was deducted on the order: credit notes and refund deductions (cents). */
async function deductedFromA(orderId: number) {
  const [notes] = await h.database.db
    .select({ cents: sql<number>`coalesce(sum(${creditNotes.amountCents}), 0)::int` })
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.partnerId, h.fixtures.partnerA.id)));
  const [deductions] = await h.database.db
    .select({ cents: sql<number>`coalesce(sum(${refundPartners.refundDeductionCents}), 0)::int` })
    .from(refundPartners)
    .innerJoin(refunds, eq(refunds.id, refundPartners.refundId))
    .where(and(eq(refunds.orderId, orderId), eq(refundPartners.partnerId, h.fixtures.partnerA.id)));
  return notes!.cents + deductions!.cents;
}

/** The R 1 400 order: A's card R 115,00, B's bouquet R 1 186,00, delivery R 99,00. */
const order1400 = () =>
  createOrder(h.database.db, [
    { partnerId: h.fixtures.partnerA.id, status: 'delivered', valueCents: 11500, title: 'Card' },
    { partnerId: h.fixtures.partnerB.id, status: 'delivered', valueCents: 118600, title: 'Bouquet' },
  ]);

/** One line of A's, R 345,00 (earned R 258,75), with a return of it and a refund of it, both open. */
async function returnedAndRefunded() {
  const o = await createOrder(h.database.db, [
    { partnerId: h.fixtures.partnerA.id, status: 'delivered', valueCents: 34500, title: 'Roses' },
  ]);
  const ret = await staff.post(`/api/orders/${String(o.id)}/returns`, {
    lines: [{ orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Damaged on delivery' }],
  });
  const refund = await staff.post(refundsOf(o.id), { amount: 345, lines: [o.lineIds[0]!] });
  expect([ret.statusCode, refund.statusCode]).toEqual([201, 201]);
  return {
    order: o,
    returnId: ret.json<{ data: ReturnDetail }>().data.id,
    refund: refund.json<Card>().data,
  };
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.46.1'));
  await h.database.db
    .update(partners)
    .set({ businessEmail: 'a@protea.example' })
    .where(eq(partners.id, h.fixtures.partnerA.id));
});
afterAll(() => h.close());

describe('refunds of an order add up to at most its value with delivery', () => {
  it('20 refunds of R 100,00 at once on a R 1 400,00 order: 14 made, 6 refused naming what is left', async () => {
    const o = await order1400();
    const body = { amount: 100, lines: [o.lineIds[0]!] };
    expect((await partnerA.post(refundsOf(o.id), body)).statusCode).toBe(403);
    expect((await partnerB.post(refundsOf(o.id), body)).statusCode).toBe(403);
    const answers = await Promise.all(Array.from({ length: 20 }, () => staff.post(refundsOf(o.id), body)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(14);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(6);
    for (const r of refused)
      expect(r.json<Errors>().errors).toEqual({ amount: ['This order has already been refunded in full.'] });
    const [sum] = await h.database.db
      .select({ cents: sql<number>`sum(${refunds.amountCents})::int` })
      .from(refunds)
      .where(eq(refunds.orderId, o.id));
    expect(sum!.cents).toBe(140000);
  });

  it('names what is left: R 1 400,00 less R 1 300,00 is R 100,00', async () => {
    const o = await order1400();
    const first = await staff.post(refundsOf(o.id), { amount: '1300,00', lines: [o.lineIds[1]!] });
    expect(first.json<Card>().data.order.refundLeft).toBe(100);
    const above = await staff.post(refundsOf(o.id), { amount: 100.01, lines: [o.lineIds[1]!] });
    expect(above.json<Errors>().errors).toEqual({ amount: [CLAIM_TEXTS.refundAboveLeft('R 100,00')] });
    expect((await staff.post(refundsOf(o.id), { amount: 100, lines: [o.lineIds[1]!] })).statusCode).toBe(201);
  });
});

describe('a Partner-responsible refund deduction is capped at what the line earned', () => {
  it('R 86,25 in all on the card line, however many refunds of it', async () => {
    const o = await order1400();
    const open = async () =>
      (await staff.post(refundsOf(o.id), { amount: 100, lines: [o.lineIds[0]!] })).json<Card>().data;
    // R 100,00 on the line: its on pay is 100,00 less 25 % = 75,00, below the line's R 86,25.
    const [r1, r2, r3] = [await open(), await open(), await open()];
    expect([r1.onPayAmount, r1.onPayLeft]).toEqual([75, 75]);
    expect((await staff.put(one(r1.id), { responsible: 'Partner', onPay: 75 })).statusCode).toBe(200);
    // 86,25 − 75,00 = 11,25 left on the line.
    expect((await staff.get(one(r2.id))).json<Card>().data.onPayLeft).toBe(11.25);
    const above = await staff.put(one(r2.id), { responsible: 'Partner', onPay: 75 });
    expect(above.json<Errors>().errors).toEqual({ onPay: [CLAIM_TEXTS.deductionAboveLeft('R 11,25')] });
    expect((await staff.put(one(r2.id), { responsible: 'Partner', onPay: '11,25' })).statusCode).toBe(200);
    expect((await staff.get(one(r3.id))).json<Card>().data.onPayLeft).toBe(0);
    const none = await staff.put(one(r3.id), { responsible: 'Partner', onPay: 0.01 });
    expect(none.json<Errors>().errors).toEqual({ onPay: [CLAIM_TEXTS.deductionAboveLeft('R 0,00')] });
    expect(await deductedFromA(o.id)).toBe(8625);
  });
});

describe('a return and a refund of the same line deduct at most its on pay', () => {
  it('processed at once: R 258,75 in all, never R 517,50', async () => {
    const { order, returnId, refund } = await returnedAndRefunded();
    expect([refund.onPayAmount, refund.onPayLeft]).toEqual([258.75, 258.75]);
    const [ret, ref] = await Promise.all([
      staff.post(`/api/orders/returns/${String(returnId)}/process`, { responsible: 'Partner' }),
      staff.put(one(refund.id), { responsible: 'Partner', onPay: 258.75 }),
    ]);
    expect(ret.statusCode).toBe(200);
    // The refund first: it takes the line and the return's credit note is 0; the return first: the refund is
    // refused, nothing being left.
    if (ref.statusCode === 422)
      expect(ref.json<Errors>().errors).toEqual({ onPay: [CLAIM_TEXTS.deductionAboveLeft('R 0,00')] });
    else expect(ref.statusCode).toBe(200);
    expect(await deductedFromA(order.id)).toBe(25875);
  });

  it('the return first: the refund card shows nothing left and the statement one deduction', async () => {
    const { order, returnId, refund } = await returnedAndRefunded();
    const processed = await staff.post(`/api/orders/returns/${String(returnId)}/process`, {
      responsible: 'Partner',
    });
    expect(processed.json<{ data: ReturnDetail }>().data.creditNotes.map((n) => n.amount)).toEqual([258.75]);
    expect((await staff.get(one(refund.id))).json<Card>().data.onPayLeft).toBe(0);
    expect((await staff.put(one(refund.id), { responsible: 'Partner', onPay: 258.75 })).statusCode).toBe(422);
    expect((await staff.put(one(refund.id), { responsible: 'Partner', onPay: 0 })).statusCode).toBe(200);
    const today = todayInJohannesburg();
    const statement = (
      await partnerA.get(`/api/reporting/statements?month=${today.slice(0, 7)}`)
    ).json<StatementAnswer>();
    const own = statement.data.filter((e) => 'order' in e && e.order?.id === order.id);
    const deductions = own.flatMap((e) =>
      e.type === 'order' ? e.creditNotes.map((n) => n.amount) : e.type === 'refund' ? [e.amount] : [],
    );
    expect(deductions).toEqual([258.75]);
  });

  it('the refund first: R 100,00 deducted, the full return takes the R 158,75 left', async () => {
    const { order, returnId, refund } = await returnedAndRefunded();
    expect((await staff.put(one(refund.id), { responsible: 'Partner', onPay: 100 })).statusCode).toBe(200);
    const processed = await staff.post(`/api/orders/returns/${String(returnId)}/process`, {
      responsible: 'Partner',
    });
    expect(processed.json<{ data: ReturnDetail }>().data.creditNotes.map((n) => n.amount)).toEqual([158.75]);
    expect(await deductedFromA(order.id)).toBe(25875);
    // The order page's Adjustments list both, taken from A; R 345,00 + R 99,00 less the refund: R 99,00 left.
    const detail = (await staff.get(`/api/orders/${String(order.id)}`)).json<{ data: OrderDetail }>().data;
    expect(detail.adjustments.map((x) => [x.kind, x.title, x.value, x.partner?.name])).toEqual([
      ['credit-note', `Credit note: Return ${order.name}-R1: 1 returned`, -158.75, 'Protea Petals'],
      ['refund-deduction', `Refund ${refund.name} deduction`, -100, 'Protea Petals'],
    ]);
    expect(detail.refundLeft).toBe(99);
    const asA = (await partnerA.get(`/api/orders/${String(order.id)}`)).json<{ data: OrderDetail }>().data;
    expect([asA.adjustments, asA.refundLeft]).toEqual([[], undefined]);
  });
});

describe('with Bloomline or the customer responsible', () => {
  it('nothing is deducted, onPay must be 0 or absent, and history and audit say who bears it', async () => {
    for (const responsible of ['Customer', 'Bloomline']) {
      const o = await order1400();
      const refund = await createRefund(h.database.db, o, [
        {
          orderLineId: o.lineIds[0]!,
          partnerId: h.fixtures.partnerA.id,
          amountCents: 1000,
          onPayAmountCents: 750,
        },
      ]);
      await h.mailsSent();
      const sent = h.outbox.length;
      const refused = await staff.put(one(refund.id), { responsible, onPay: 2.5 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<Errors>().errors).toEqual({ onPay: [CLAIM_TEXTS.nothingDeducted(responsible)] });
      const res = await staff.put(
        one(refund.id),
        responsible === 'Customer' ? { responsible, onPay: 0 } : { responsible },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<Card>().data).toMatchObject({ responsible, onPay: 0, onPayLeft: 0 });
      expect(await deductedFromA(o.id)).toBe(0);
      const who = responsible === 'Customer' ? 'the customer' : 'Bloomline';
      const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id));
      expect(history.map((e) => e.message)).toContain(
        `Ada Admin processed refund ${refund.name} (${responsible} responsible: ${who} bears the refund)`,
      );
      expect(history.map((e) => e.message).join(' ')).not.toMatch(/deduct/);
      const [entry] = await h.database.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.propertyType, 'refund'), eq(auditEntries.propertyId, refund.id)));
      expect(entry!.newValues).toEqual({
        responsible,
        borne_by: responsible,
        processed_by: h.fixtures.staff.id,
      });
      expect(entry!.message).toContain(`${who} bears the refund`);
      await h.mailsSent();
      expect(h.outbox.length).toBe(sent);
    }
  });
});

describe('the deduction e-mail', () => {
  it('is written with the deduction, and a refused deduction writes none', async () => {
    const { refund } = await returnedAndRefunded();
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          h.database.db,
          sql`select count(*)::int as n from mails where kind = 'deduction'`,
        )
      )[0]!.n;
    const before = await count();
    expect((await staff.put(one(refund.id), { responsible: 'Partner', onPay: 258.76 })).statusCode).toBe(422);
    expect(await count()).toBe(before);
    expect((await staff.put(one(refund.id), { responsible: 'Partner', onPay: 258.75 })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
