import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Paged, Refund, StatementAnswer } from '@bloomline/contract';
import { CLAIM_TEXTS, todayInJohannesburg } from '@bloomline/contract';

import {
  auditEntries,
  orderHistory,
  orderLines,
  partners,
  productImages,
  products,
  productVariants,
  refundPartners,
  refunds,
} from '../../db/schema';
import { createRefund } from '../../test/claims-fixtures';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

// Refunds (DECISIONS.md "Returns and refunds") as staff, partner A and B (403) and signed out (401): the cards,
// one card, processing at both addresses (JSON and forms), the split of the deduction over the partners to
// the cent (worked out by hand below), the 422 bag of onPay and responsible, the 409 and the race, and a
// deleted partner or order line.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let partnerC: number;
type Errors = { message: string; errors?: Record<string, string[]> };
type Card = { data: Refund };

const one = (id: number) => `/api/orders/refunds/${String(id)}`;
const v2 = (id: number) => `/api/v2/orders/refunds/${String(id)}`;
const sharesOf = async (refundId: number) =>
  (
    await h.database.db
      .select()
      .from(refundPartners)
      .where(eq(refundPartners.refundId, refundId))
      .orderBy(refundPartners.id)
  ).map((s) => [s.partnerId, s.refundDeductionCents]);

/** An order with a line for each of A, B and C, refunded with on pay 1,00 / 2,00 / 3,00 (R 6,00 in all). */
async function threePartnerRefund() {
  const { partnerA: a, partnerB: b } = h.fixtures;
  const order = await createOrder(h.database.db, [
    { partnerId: a.id, status: 'delivered', valueCents: 20000 },
    { partnerId: b.id, status: 'delivered', valueCents: 30000 },
    { partnerId: partnerC, status: 'delivered', valueCents: 40000 },
  ]);
  const refund = await createRefund(h.database.db, order, [
    { orderLineId: order.lineIds[0]!, partnerId: a.id, amountCents: 150, onPayAmountCents: 100 },
    { orderLineId: order.lineIds[1]!, partnerId: b.id, amountCents: 250, onPayAmountCents: 200 },
    { orderLineId: order.lineIds[2]!, partnerId: partnerC, amountCents: 350, onPayAmountCents: 300 },
  ]);
  return { order, refund };
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.21.3'));
  const db = h.database.db;
  await db
    .update(partners)
    .set({ businessEmail: 'a@protea.example' })
    .where(eq(partners.id, h.fixtures.partnerA.id));
  // B has no business address: its deduction is written, the e-mail skipped.
  const [c] = await db
    .insert(partners)
    .values({ name: 'Cape Blooms', businessEmail: 'c@cape.example', commission: '0.1000' })
    .returning();
  partnerC = c!.id;
});
afterAll(() => h.close());

describe('GET /api/v2/orders/refunds and /api/orders/refunds/{id}', () => {
  it('answers the cards newest first with their partners, lines, products and pictures', async () => {
    const [product] = await h.database.db
      .insert(products)
      .values({ title: 'Rose bouquet', handle: 'rose-bouquet' })
      .returning();
    const [variant] = await h.database.db
      .insert(productVariants)
      .values({ productId: product!.id, title: 'Large' })
      .returning();
    await h.database.db
      .insert(productImages)
      .values({ productId: product!.id, url: '/images/products/rose.png', altText: 'Roses' });
    const order = await createOrder(
      h.database.db,
      [
        {
          partnerId: h.fixtures.partnerA.id,
          status: 'delivered',
          valueCents: 45000,
          more: { productVariantId: variant!.id },
        },
        { partnerId: null, status: 'open', valueCents: 1000, title: 'Card' },
      ],
      { deliveryFeeCents: 9900 },
    );
    const refund = await createRefund(h.database.db, order, [
      {
        orderLineId: order.lineIds[0]!,
        partnerId: h.fixtures.partnerA.id,
        amountCents: 45000,
        onPayAmountCents: 33750,
      },
      { orderLineId: order.lineIds[1]!, partnerId: null, amountCents: 1000, onPayAmountCents: 0 },
    ]);
    const res = await staff.get(one(refund.id));
    expect(res.statusCode).toBe(200);
    const card = res.json<Card>().data;
    const roses = {
      id: expect.any(Number) as number,
      product: {
        title: 'Rose bouquet',
        images: [{ url: 'http://localhost:3000/images/products/rose.png', altText: 'Roses' }],
      },
      productVariant: { title: 'Large' },
      amount: 450,
      onPayAmount: 337.5,
    };
    expect(card).toEqual({
      id: refund.id,
      name: refund.name,
      createdAt: expect.any(String) as string,
      amount: 460,
      onPay: null,
      onPayAmount: 337.5,
      // Nothing taken on the line yet: its whole on pay there may be deducted.
      onPayLeft: 337.5,
      responsible: null,
      processedAt: null,
      reason: null,
      order: {
        id: order.id,
        name: order.name,
        value: 460,
        deliveryFee: 99,
        // 450,00 + 10,00 + 99,00 = 559,00 with delivery, less this refund's 460,00.
        refundLeft: 99,
        firstName: 'Thandi',
        lastName: 'Nkosi',
      },
      partners: [
        {
          id: refund.shares.get(h.fixtures.partnerA.id),
          partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
          responsible: null,
          refundDeduction: 0,
          processedBy: null,
          lines: [roses],
        },
      ],
      lines: [
        roses,
        {
          id: expect.any(Number) as number,
          product: { title: 'Card', images: [] },
          productVariant: null,
          amount: 10,
          onPayAmount: 0,
        },
      ],
    });

    const list = await staff.get('/api/v2/orders/refunds?page=1');
    expect(list.statusCode).toBe(200);
    const page = list.json<Paged<Refund>>();
    expect(page.data[0]).toEqual(card);
    expect(page.meta).toMatchObject({ current_page: 1, path: '/api/v2/orders/refunds' });
    expect((await staff.get('/api/v2/orders/refunds?page=99')).json<Paged<Refund>>().data).toEqual([]);
    expect((await staff.get(one(999999))).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    for (const path of ['/api/v2/orders/refunds', one(1)]) {
      expect((await partnerA.get(path)).statusCode).toBe(403);
      expect((await partnerB.get(path)).statusCode).toBe(403);
      expect((await h.client().get(path)).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/orders/refunds/{id} and /api/v2/orders/refunds/{id}', () => {
  it('splits onPay over the lines by what each can take, to the cent, remainder to the largest remainder', async () => {
    // 100 cents over 100/200/300: 16,67 → 16, 33,33 → 33, 50; 1 left, to the largest remainder (0,67): 17/33/50.
    const { order, refund } = await threePartnerRefund();
    await h.mailsSent();
    const sent = h.outbox.length;
    const res = await staff.put(one(refund.id), { responsible: 'Partner', onPay: 1 });
    expect(res.statusCode).toBe(200);
    const card = res.json<Card>().data;
    expect(card).toMatchObject({ responsible: 'Partner', onPay: 1, onPayAmount: 6 });
    expect(
      card.partners.map((p) => [p.partner.name, p.refundDeduction, p.responsible, p.processedBy]),
    ).toEqual([
      ['Protea Petals', 0.17, 'Partner', { name: 'Ada Admin' }],
      ['Fynbos & Co', 0.33, 'Partner', { name: 'Ada Admin' }],
      ['Cape Blooms', 0.5, 'Partner', { name: 'Ada Admin' }],
    ]);
    const [row] = await h.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ onPayCents: 100, responsible: 'Partner', processedBy: h.fixtures.staff.id });

    // One e-mail per partner with a business address (B has none).
    await h.mailsSent();
    expect(
      h.outbox
        .slice(sent)
        .map((m) => [m.to, m.subject])
        .sort(),
    ).toEqual([
      ['a@protea.example', `Deduction of R 0,17 for order ${order.name}`],
      ['c@cape.example', `Deduction of R 0,50 for order ${order.name}`],
    ]);
    await h.mailsSent();
    expect(h.outbox.find((m) => m.to === 'c@cape.example')!.text).toContain(
      `the refund ${refund.name} of R 7,50 to the customer`,
    );

    // Lines refunded (10), the order a refund, history and audit.
    const state = await orderState(h.database.db, order.id);
    expect(state.lines.map((l) => l.status)).toEqual(['refund', 'refund', 'refund']);
    expect(state.order.status).toBe('refund');
    const history = await h.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.filter((e) => e.status === 10)).toHaveLength(3);
    expect(history.map((e) => e.message)).toContain(
      `Ada Admin processed refund ${refund.name} (Partner responsible: R 1,00 deducted from the partner)`,
    );
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'refund'), eq(auditEntries.propertyId, refund.id)));
    expect(entry).toMatchObject({
      event: 'updated',
      oldValues: { responsible: null, processed_by: null },
      newValues: {
        responsible: 'Partner',
        deduction_cents: 100,
        processed_by: h.fixtures.staff.id,
        deductions: { 'Protea Petals': 17, 'Fynbos & Co': 33, 'Cape Blooms': 50 },
      },
    });

    // C's statement for this month shows the refund entry: their share, as a deduction.
    const today = todayInJohannesburg();
    const statement = await staff.get(
      `/api/reporting/statements?month=${today.slice(0, 7)}&partner_id=${String(partnerC)}`,
    );
    expect(statement.statusCode).toBe(200);
    expect(statement.json<StatementAnswer>().data.filter((e) => e.type === 'refund')).toEqual([
      expect.objectContaining({
        amount: 0.5,
        date: today,
        order: { id: order.id, name: order.name },
        name: refund.name,
      }),
    ]);
  });

  it('takes the v2 address and a form with a comma: 5,55 over 100/200/300 is 93/185/277', async () => {
    // 555 × 100/600 = 92,5 → 92; × 200/600 = 185; × 300/600 = 277,5 → 277; 554, so 1 more to the largest
    // remainder, the first of the equal 0,5s.
    const { refund } = await threePartnerRefund();
    const res = await staff.form(v2(refund.id), { responsible: 'Partner', onPay: '5,55', _method: 'PUT' });
    expect(res.statusCode).toBe(200);
    expect(await sharesOf(refund.id)).toEqual([
      [h.fixtures.partnerA.id, 93],
      [h.fixtures.partnerB.id, 185],
      [partnerC, 277],
    ]);
    // The whole on pay amount may be deducted.
    const whole = await threePartnerRefund();
    expect((await staff.put(v2(whole.refund.id), { responsible: 'Partner', onPay: 6 })).statusCode).toBe(200);
    expect((await sharesOf(whole.refund.id)).map(([, c]) => c)).toEqual([100, 200, 300]);
  });

  it('answers the 422 bag under the field, and changes nothing', async () => {
    const { refund } = await threePartnerRefund();
    const bag = async (body: Record<string, unknown>) => {
      const res = await staff.put(one(refund.id), body);
      expect(res.statusCode).toBe(422);
      return res.json<Errors>().errors;
    };
    expect(await bag({ responsible: 'Nobody', onPay: 1 })).toEqual({
      responsible: [CLAIM_TEXTS.responsibleChoice],
    });
    for (const onPay of [-1, 'abc', 1e308, [1], '', null, '1,234.5', 0.001])
      expect(Object.keys((await bag({ responsible: 'Partner', onPay })) ?? {})).toEqual(['onPay']);
    expect(await bag({ responsible: 'Partner', onPay: 6.01 })).toEqual({
      onPay: ['Deduction can be at most R 6,00, what is left to deduct on these lines.'],
    });
    expect(Object.keys((await bag({ responsible: 'Partner' })) ?? {})).toEqual(['onPay']);
    expect(Object.keys((await bag({})) ?? {}).sort()).toEqual(['responsible']);
    const [row] = await h.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ responsible: null, onPayCents: null });
    expect((await sharesOf(refund.id)).map(([, c]) => c)).toEqual([0, 0, 0]);
  });

  it('answers 409 once processed, 404 for a missing refund, 403 for partners and 401 signed out', async () => {
    const { refund } = await threePartnerRefund();
    expect((await partnerA.put(one(refund.id), { responsible: 'Partner', onPay: 1 })).statusCode).toBe(403);
    expect((await partnerB.put(v2(refund.id), { responsible: 'Partner', onPay: 1 })).statusCode).toBe(403);
    expect((await h.client().put(one(refund.id), { responsible: 'Partner', onPay: 1 })).statusCode).toBe(401);
    expect((await staff.put(one(999999), { responsible: 'Partner', onPay: 1 })).statusCode).toBe(404);
    expect((await staff.put(one(refund.id), { responsible: 'Customer', onPay: 0 })).statusCode).toBe(200);
    const again = await staff.put(v2(refund.id), { responsible: 'Partner', onPay: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<Errors>().message).toBe(CLAIM_TEXTS.refundProcessed);
    expect((await sharesOf(refund.id)).map(([, c]) => c)).toEqual([0, 0, 0]);
  });

  it('two staff at once: one 200, one 409, one set of deductions and one e-mail each', async () => {
    const { order, refund } = await threePartnerRefund();
    const other = (await h.signedIn('10.21.4')).staff;
    await h.mailsSent();
    const sent = h.outbox.length;
    const results = await Promise.all([
      staff.put(one(refund.id), { responsible: 'Partner', onPay: 1 }),
      other.put(v2(refund.id), { responsible: 'Partner', onPay: 6 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const shares = (await sharesOf(refund.id)).map(([, c]) => c);
    expect([
      [17, 33, 50],
      [100, 200, 300],
    ]).toContainEqual(shares);
    await h.mailsSent();
    expect(h.outbox.slice(sent).filter((m) => m.subject.includes(order.name))).toHaveLength(2);
  });

  it('a deleted partner or order line never fails, and no partner pays for lines not theirs', async () => {
    // A's lines on pay 1,00 and B's 3,00; B is deleted: only A's 1,00 can be deducted, from A.
    const { partnerA: a } = h.fixtures;
    const [gone] = await h.database.db.insert(partners).values({ name: 'Gone Florist' }).returning();
    const order = await createOrder(h.database.db, [
      { partnerId: a.id, status: 'delivered' },
      { partnerId: gone!.id, status: 'delivered' },
      { partnerId: a.id, status: 'delivered' },
    ]);
    const refund = await createRefund(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, partnerId: a.id, amountCents: 100, onPayAmountCents: 100 },
      { orderLineId: order.lineIds[1]!, partnerId: gone!.id, amountCents: 300, onPayAmountCents: 300 },
      { orderLineId: order.lineIds[2]!, partnerId: a.id, amountCents: 50, onPayAmountCents: 0 },
    ]);
    await h.database.db.delete(partners).where(eq(partners.id, gone!.id));
    await h.database.db.delete(orderLines).where(eq(orderLines.id, order.lineIds[2]!));
    const card = await staff.get(one(refund.id));
    expect(card.statusCode).toBe(200);
    expect(card.json<Card>().data.partners.map((p) => p.partner.id)).toEqual([a.id]);
    expect((await staff.get('/api/v2/orders/refunds')).statusCode).toBe(200);
    const above = await staff.put(one(refund.id), { responsible: 'Partner', onPay: 4 });
    expect(above.json<Errors>().errors).toEqual({
      onPay: ['Deduction can be at most R 1,00, what is left to deduct on these lines.'],
    });
    const res = await staff.put(one(refund.id), { responsible: 'Partner', onPay: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json<Card>().data.partners.map((p) => p.refundDeduction)).toEqual([1]);
  });
});
afterAll(async () => (await import('../../test/money-invariants')).expectMoneyInvariants(h));
