import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  toCents,
  formatMoney,
  latestMonths,
  sumsOfEntries,
  statementTotals,
  type StatementAnswer,
  type StatementMonth,
  type StatementOrdersAnswer,
} from '@bloomline/contract';

import { orders } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import {
  APRIL,
  CURRENT_BALANCE,
  EMPTY_JANUARY,
  FEBRUARY,
  MARCH,
  partnerBReader,
  seedStatementMonths,
} from './statements.test-support';

// GET /api/reporting/statements, current-balance and the month's orders, against months worked by hand
// (statements.test-support.ts), as the florist with the permission, the florist without it, another partner
// with it, staff and a guest.

let h: Harness;
let staff: TestClient;
let florist: TestClient;
let florist2: TestClient;
let readerB: TestClient;
let guest: TestClient;
let ids: Awaited<ReturnType<typeof seedStatementMonths>>;
type Errors = { message: string; errors?: Record<string, string[]> };

beforeAll(async () => {
  h = await createHarness();
  ids = await seedStatementMonths(h.database.db, h.fixtures);
  await partnerBReader(h.database.db, h.fixtures);
  ({ staff, partnerA: florist, partnerB: florist2 } = await h.signedIn('10.22.1'));
  readerB = h.client('10.22.1.4');
  await readerB.login('reader-b@example.com');
  guest = h.client('10.22.1.5');
  await guest.csrf();
});
afterAll(() => h.close());

const statement = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/reporting/statements?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StatementAnswer>();
};

describe('GET /api/reporting/statements', () => {
  it("answers the florist's March as worked by hand, default order Order no descending", async () => {
    const answer = await statement(florist, `month=${MARCH.month}`);
    expect(answer.meta).toEqual({
      month: MARCH.month,
      partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
      totals: MARCH.totals,
    });
    expect(answer.data).toHaveLength(MARCH.entries);
    // The totals are the contract's function of the answer's own entries (current balance aside).
    const fromEntries = statementTotals(sumsOfEntries(answer.data), toCents(MARCH.totals.currentBalance));
    expect(fromEntries).toEqual(MARCH.totals);
    expect(answer.data.map((e) => `${e.type}:${'order' in e && e.order ? e.order.name : ''}`)).toEqual([
      'instore:#S5',
      'order:#S4',
      'order:#S3',
      'refund:#S2',
      'order:#S2',
      'order:#S1',
      'wholesale:',
      'payment:',
      'payment:',
    ]);
    const s1 = answer.data.find((e) => e.type === 'order' && e.order.id === ids.s1);
    expect(s1).toMatchObject({
      type: 'order',
      date: '2026-03-05',
      order: { name: '#S1', firstName: 'Thandi', deliveryDate: '2026-03-05', onPay: 500, totalValue: 800 },
      bill: { paid: true, date: '2026-03-12', amount: 500 },
      creditNotes: [{ amount: 50, date: '2026-03-08', description: 'Late delivery', settled: true }],
    });
    expect(s1?.type === 'order' && s1.order.lines).toEqual([
      expect.objectContaining({ title: 'Roses', quantity: 1, status: 'delivered' }),
    ]);
    // An order of February shows in March only for its credit note, without its bill.
    const s4 = answer.data.find((e) => e.type === 'order' && e.order.id === ids.s4);
    expect(s4).toMatchObject({
      bill: null,
      date: '2026-03-03',
      order: { onPay: 200 },
      creditNotes: [{ amount: 30 }],
    });
    expect(answer.data.find((e) => e.type === 'refund')).toMatchObject({
      amount: 75.25,
      name: '#S2-RF1',
      date: '2026-03-15',
    });
    expect(answer.data.filter((e) => e.type === 'payment')).toEqual([
      expect.objectContaining({ amount: 420, reference: 'EFT BL202603-001', date: '2026-03-12' }),
      expect.objectContaining({ amount: 200, reference: 'EFT BL202602-001', date: '2026-03-07' }),
    ]);
    expect(answer.data.find((e) => e.type === 'refund')).toMatchObject({ settled: false });
    expect(answer.data.find((e) => e.type === 'wholesale')).toMatchObject({
      order: null,
      creditNote: { amount: 300 },
    });
  });

  it('puts deductions in the month they were processed (Johannesburg), bills in their delivery month', async () => {
    const april = await statement(florist, `month=${APRIL.month}`);
    expect(april.meta.totals).toEqual(APRIL.totals);
    expect(april.data.map((e) => e.type).sort()).toEqual(['order', 'refund']);
    expect(april.data.find((e) => e.type === 'refund')).toMatchObject({ amount: 40, date: '2026-04-01' });
    expect((await statement(florist, `month=${FEBRUARY.month}`)).meta.totals).toEqual(FEBRUARY.totals);
  });

  it("keeps a bill on its statement day's month whatever happens to the order's delivery date", async () => {
    // #S4's bill (200,00 paid) was delivered on 27 February: its statement day (issue 46). Its order's date
    // moved behind the product's back (the product refuses: 409) leaves the bill in February.
    const moveS4 = (deliveryDate: string) =>
      h.database.db.update(orders).set({ deliveryDate }).where(eq(orders.id, ids.s4));
    await moveS4('2026-01-30');
    expect((await statement(florist, `month=${EMPTY_JANUARY.month}`)).data).toEqual([]);
    expect((await statement(florist, `month=${FEBRUARY.month}`)).meta.totals).toEqual(FEBRUARY.totals);
    await moveS4('2026-02-27');
    expect((await statement(florist, `month=${FEBRUARY.month}`)).meta.totals).toEqual(FEBRUARY.totals);
  });

  it('a month with nothing, and a month before the partner existed, are empty months', async () => {
    const january = await statement(florist, `month=${EMPTY_JANUARY.month}`);
    expect(january.data).toEqual([]);
    expect(january.meta.totals).toEqual(EMPTY_JANUARY.totals);
    const before = await statement(florist, 'month=2024-12');
    expect(before.data).toEqual([]);
    expect(before.meta.totals).toEqual(EMPTY_JANUARY.totals);
  });

  it('sorts by delivery date, order no or payment amount, either way', async () => {
    const order = async (s: string, d: string) =>
      (await statement(florist, `month=${MARCH.month}&s=${s}&d=${d}`)).data.map((e) => e.key);
    const byDate = await statement(florist, `month=${MARCH.month}&s=date&d=asc`);
    const dates = byDate.data.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    const byAmount = await statement(florist, `month=${MARCH.month}&s=payment&d=desc`);
    expect(byAmount.data[0]).toMatchObject({ type: 'order', order: { name: '#S3' } });
    expect(byAmount.data.at(-1)).toMatchObject({ type: 'instore' });
    // Entries without an order (payments, wholesale) come last either way; the rest reverse exactly.
    const withOrder = (keys: string[]) => keys.filter((k) => !/^(payment|wholesale)-/.test(k));
    expect(withOrder(await order('name', 'asc'))).toEqual(withOrder(await order('name', 'desc')).reverse());
    expect((await order('date', 'asc')).slice(0, 2)).toEqual(['order-4', 'order-1']);
  });

  it('refuses a malformed or future month and an unknown sort with 422, never 500', async () => {
    for (const month of ['2026-13', '26-1', '../x', '2026-1', '', '2999-01']) {
      const res = await florist.get(`/api/reporting/statements?month=${encodeURIComponent(month)}`);
      expect(res.statusCode, month).toBe(422);
      expect(Object.keys(res.json<Errors>().errors ?? {}), month).toEqual(['month']);
    }
    const sort = await florist.get(`/api/reporting/statements?month=${MARCH.month}&s=amount`);
    expect(sort.statusCode).toBe(422);
    expect(sort.json<Errors>().errors).toEqual({ s: ['Sort by date, name or payment.'] });
    expect((await florist.get(`/api/reporting/statements?month=${MARCH.month}&d=up`)).statusCode).toBe(422);
  });

  it("a partner only ever reads their own: another partner's id changes nothing", async () => {
    const own = await statement(florist, `month=${MARCH.month}`);
    expect(
      await statement(florist, `month=${MARCH.month}&partner_id=${String(h.fixtures.partnerB.id)}`),
    ).toEqual(own);
    const b = await statement(readerB, `month=${MARCH.month}&partner_id=${String(h.fixtures.partnerA.id)}`);
    expect(b.meta.partner.name).toBe('Fynbos & Co');
    expect(b.data.map((e) => e.type)).toEqual(['order']);
    expect(b.meta.totals.totalOnPay).toBe(999);
  });

  it('staff read any partner with partner_id (required for them); without the permission 403, signed out 401', async () => {
    const res = await staff.get(
      `/api/reporting/statements?month=${MARCH.month}&partner_id=${String(h.fixtures.partnerA.id)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<StatementAnswer>().meta.totals).toEqual(MARCH.totals);
    const missing = await staff.get(`/api/reporting/statements?month=${MARCH.month}`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<Errors>().errors).toHaveProperty('partner_id');
    const unknown = await staff.get(`/api/reporting/statements?month=${MARCH.month}&partner_id=99999`);
    expect(unknown.statusCode).toBe(422);
    expect((await florist2.get(`/api/reporting/statements?month=${MARCH.month}`)).statusCode).toBe(403);
    // 403 comes before the 422 of a bad month, as Laravel answers.
    expect((await florist2.get('/api/reporting/statements?month=2026-13')).statusCode).toBe(403);
    expect((await guest.get(`/api/reporting/statements?month=${MARCH.month}`)).statusCode).toBe(401);
  });
});

describe('GET /api/reporting/current-balance', () => {
  it('answers every unpaid bill less every deduction, in rand, with the same scoping', async () => {
    expect((await florist.get('/api/reporting/current-balance')).json()).toEqual({ data: CURRENT_BALANCE });
    expect(
      (
        await florist.get(`/api/reporting/current-balance?partner_id=${String(h.fixtures.partnerB.id)}`)
      ).json(),
    ).toEqual({ data: CURRENT_BALANCE });
    expect((await readerB.get('/api/reporting/current-balance')).json()).toEqual({ data: 999 });
    const forA = await staff.get(
      `/api/reporting/current-balance?partner_id=${String(h.fixtures.partnerA.id)}`,
    );
    expect(forA.json()).toEqual({ data: CURRENT_BALANCE });
    expect((await staff.get('/api/reporting/current-balance')).statusCode).toBe(422);
    expect((await florist2.get('/api/reporting/current-balance')).statusCode).toBe(403);
    expect((await guest.get('/api/reporting/current-balance')).statusCode).toBe(401);
  });
});

describe('GET /api/reporting/statements/months', () => {
  it('lists the latest 12 months, newest first, with the orders received and sent (in-store) in each', async () => {
    const res = await florist.get('/api/reporting/statements/months');
    expect(res.statusCode).toBe(200);
    const months = res.json<{ data: StatementMonth[] }>().data;
    expect(months.map((m) => m.month)).toEqual(latestMonths());
    const of = (month: string) => months.find((m) => m.month === month);
    // While March 2026 is among the latest twelve: #S1–#S3 received, #S5 placed in store.
    if (of(MARCH.month))
      expect(of(MARCH.month)).toEqual({ month: MARCH.month, ordersReceived: 3, ordersSent: 1 });
    if (of(FEBRUARY.month)) expect(of(FEBRUARY.month)).toMatchObject({ ordersReceived: 1, ordersSent: 0 });
    const forB = await staff.get(
      `/api/reporting/statements/months?partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    if (of(MARCH.month))
      expect(forB.json<{ data: StatementMonth[] }>().data.find((m) => m.month === MARCH.month)).toMatchObject(
        {
          ordersReceived: 1,
          ordersSent: 0,
        },
      );
    expect((await staff.get('/api/reporting/statements/months')).statusCode).toBe(422);
    expect((await florist2.get('/api/reporting/statements/months')).statusCode).toBe(403);
    expect((await guest.get('/api/reporting/statements/months')).statusCode).toBe(401);
  });
});

describe('GET /api/reporting/statements/orders (the orders page when the feature is off)', () => {
  it("lists the month's billed orders with their Total on pay", async () => {
    const res = await florist.get(`/api/reporting/statements/orders?month=${MARCH.month}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<StatementOrdersAnswer>();
    expect(answer.data.map((o) => o.order.name)).toEqual(['#S3', '#S2', '#S1']);
    expect(answer.meta).toMatchObject({ month: MARCH.month, totalOnPay: 1820.5 });
    expect(formatMoney(answer.meta.totalOnPay)).toBe('R 1 820,50');
    expect((await florist2.get(`/api/reporting/statements/orders?month=${MARCH.month}`)).statusCode).toBe(
      403,
    );
    const forB = await staff.get(
      `/api/reporting/statements/orders?month=${MARCH.month}&partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    expect(forB.json<StatementOrdersAnswer>().meta.totalOnPay).toBe(999);
    expect((await florist.get('/api/reporting/statements/orders?month=2026-13')).statusCode).toBe(422);
  });
});

describe('the statements feature setting', () => {
  it('is on by default, staff switch it, /api/me shows it, partners cannot', async () => {
    expect((await florist.get('/api/settings/statements')).json()).toEqual({ data: { statements: true } });
    expect((await florist.put('/api/settings/statements', { statements: false })).statusCode).toBe(403);
    expect((await staff.put('/api/settings/statements', { statements: 'maybe' })).statusCode).toBe(422);
    const off = await staff.put('/api/settings/statements', { statements: false });
    expect(off.json()).toEqual({ data: { statements: false } });
    const me = (await florist.get('/api/me')).json<{ data: { features: { statements: boolean } } }>();
    expect(me.data.features.statements).toBe(false);
    await staff.put('/api/settings/statements', { statements: true });
    expect(
      (await florist.get('/api/me')).json<{ data: { features: { statements: boolean } } }>().data.features,
    ).toEqual({ statements: true });
  });
});
