import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CLOSED_MONTH_TEXTS,
  currentMonth,
  formatMoney,
  monthInSentence,
  previousMonth,
  type ClosedMonths,
  type MonthEndRun,
  type PayoutDue,
  type StatementAnswer,
} from '@bloomline/contract';

import { bills, creditNotes, orders, partners } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import {
  TODAY,
  captureMonth,
  dayFromToday,
  dayOf,
  deliveredOn,
  lastDayOf,
  pdfText,
  refundProcessed,
  returnProcessed,
  type Errors,
} from './closed-months.test-support';

// Issue 46, "Closed months stay closed" and "The statement day is the day it was delivered" (DECISIONS.md): a
// month closed by its month-end run or by a payout never changes, whatever the next day brings; nothing new is
// dated into it; a bill is dated the day it was delivered; a delivered order keeps its delivery date; the summary
// PDF adds up; a payout's reference is unique; disabled partners are marked on the payouts list.

const NOW = currentMonth();
const LAST = previousMonth(NOW);
const BEFORE_LAST = previousMonth(LAST);
const BANK = {
  bankName: 'FNB',
  branchCode: '250655',
  accountName: 'Account Holder',
  accountNumber: '62000000001',
  accountType: 'Cheque',
};

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let A: number;
let B: number;

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA } = await h.signedIn('10.46.4'));
  A = h.fixtures.partnerA.id;
  B = h.fixtures.partnerB.id;
  await h.database.db.update(partners).set(BANK);
});
afterAll(() => h.close());

const wholesale = (partnerId: number, date: string, amount = 120) =>
  staff.post(`/api/partners/${String(partnerId)}/wholesale`, {
    date,
    description: 'Wholesale roses',
    amount,
  });
const closedMonths = async () => (await staff.get('/api/closed-months')).json<{ data: ClosedMonths }>().data;
const errorsOf = (res: { json: <T>() => T }) => res.json<Errors>().errors;

describe('the month-end run closes its month', () => {
  it('once it has finished; then nothing is dated into it', async () => {
    expect((await partnerA.get('/api/closed-months')).statusCode).toBe(403);
    // Before: no month is closed, and a wholesale purchase may be dated in any month a statement shows.
    expect((await closedMonths()).closed).toEqual([]);
    expect((await wholesale(A, dayOf(BEFORE_LAST, 3))).statusCode).toBe(201);
    const start = await staff.post('/api/reporting/statements/month-end', { month: BEFORE_LAST });
    expect(start.statusCode, start.body).toBe(202);
    for (let i = 0; i < 200; i += 1) {
      const run = await staff.get(`/api/reporting/statements/month-end?month=${BEFORE_LAST}`);
      if (run.json<{ data: MonthEndRun }>().data.toGo === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await closedMonths()).toEqual({
      firstOpenMonth: LAST,
      firstOpenDay: dayOf(LAST, 1),
      closed: [BEFORE_LAST],
    });
    const late = await wholesale(A, dayOf(BEFORE_LAST, 20));
    expect(late.statusCode).toBe(422);
    expect(errorsOf(late)).toEqual({
      date: [`${monthInSentence(BEFORE_LAST)} is closed; date it in ${monthInSentence(LAST)} or later`],
    });
  });
});

describe('a month closed by a payout', () => {
  it('keeps its statement JSON, both PDFs and its accounting CSV byte for byte through a day of new activity', async () => {
    // Last month: A delivered four orders (one a relay order B placed: B's in-store deduction), bought
    // wholesale and took a refund deduction; two more orders scheduled then are still not delivered.
    const o1 = await deliveredOn(h, staff, {
      partnerId: A,
      scheduled: dayOf(LAST, 5),
      deliveredOn: dayOf(LAST, 5),
    });
    const o3 = await deliveredOn(h, staff, {
      partnerId: A,
      scheduled: dayOf(LAST, 8),
      deliveredOn: dayOf(LAST, 9),
    });
    const o4 = await deliveredOn(h, staff, {
      partnerId: A,
      scheduled: dayOf(LAST, 12),
      deliveredOn: dayOf(LAST, 11),
    });
    await deliveredOn(h, staff, {
      partnerId: A,
      scheduled: dayOf(LAST, 14),
      deliveredOn: dayOf(LAST, 14),
      placedBy: B,
    });
    await refundProcessed(staff, h, o1, '20,00', dayOf(LAST, 16));
    expect((await wholesale(A, dayOf(LAST, 18), 75)).statusCode).toBe(201);
    const o2 = await createOrder(h.database.db, [{ partnerId: A, status: 'fulfilled', valueCents: 30000 }], {
      deliveryDate: dayOf(LAST, 20),
    });
    const relay = await createOrder(
      h.database.db,
      [{ partnerId: B, status: 'fulfilled', valueCents: 25000 }],
      {
        deliveryDate: dayOf(LAST, 21),
        placedByPartnerId: A,
      },
    );

    // The payout of last month closes it (and the months before it stay closed).
    const payout = await staff.post('/api/payouts', {
      upTo: lastDayOf(LAST),
      paidAt: TODAY,
      reference: 'BL PAY CLOSE',
      partnerIds: [A, B],
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect((await closedMonths()).firstOpenMonth).toBe(NOW);
    const before = { a: await captureMonth(staff, LAST, A), b: await captureMonth(staff, LAST, B) };
    const statementA = JSON.parse(before.a.json) as StatementAnswer;
    expect(statementA.data.filter((e) => e.type === 'order')).toHaveLength(4);
    expect(before.a.csvRows).toContain(o1.name);
    expect(before.a.csvRows).not.toContain(o2.name);

    // A day of new activity.
    // 1. The orders scheduled last month are delivered today: billed today, in this month.
    expect((await partnerA.post(`/api/orders/${String(o2.id)}/deliver`)).statusCode).toBe(200);
    expect((await staff.post('/api/deliver-order-line', { id: relay.lineIds[0]! })).statusCode).toBe(200);
    const [o2Bill] = await h.database.db.select().from(bills).where(eq(bills.orderId, o2.id));
    expect(o2Bill!.statementDay).toBe(TODAY);
    const [instore] = await h.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, relay.id));
    expect(instore).toMatchObject({ kind: 'instore', partnerId: A, date: TODAY });
    // 2. Moving a delivered order's date back into the closed month (or anywhere) is refused.
    for (const order of [o1, o2]) {
      const moved = await staff.put(`/api/orders/${String(order.id)}/delivery-date`, {
        deliveryDate: dayOf(LAST, 2),
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json<Errors>().message).toBe(CLOSED_MONTH_TEXTS.deliveryDateLocked);
    }
    // 3. A return and a refund of last month's orders, Partner responsible: dated today.
    await returnProcessed(staff, o3);
    await refundProcessed(staff, h, o4, '30,00');
    // 4. Wholesale purchases: today's is taken; one backdated into the closed month is refused, in words.
    expect((await wholesale(A, TODAY)).statusCode).toBe(201);
    const backdated = await wholesale(A, dayOf(LAST, 28));
    expect(backdated.statusCode).toBe(422);
    expect(errorsOf(backdated)).toEqual({
      date: [CLOSED_MONTH_TEXTS.closed(LAST, NOW)],
    });
    if (LAST.slice(0, 4) === NOW.slice(0, 4))
      expect(errorsOf(backdated)?.date?.[0]).toMatch(
        /^[A-Z][a-z]+ is closed; date it in [A-Z][a-z]+ or later$/,
      );
    // 5. A payment dated in the closed month is refused too.
    const paidBack = await staff.post('/api/payouts', {
      upTo: lastDayOf(LAST),
      paidAt: lastDayOf(LAST),
      reference: 'BL PAY BACK',
      partnerIds: [A],
    });
    expect(paidBack.statusCode).toBe(422);
    expect(Object.keys(errorsOf(paidBack) ?? {})).toEqual(['paidAt']);

    const after = { a: await captureMonth(staff, LAST, A), b: await captureMonth(staff, LAST, B) };
    for (const who of ['a', 'b'] as const)
      for (const part of ['json', 'detail', 'summary', 'csvRows', 'csv'] as const)
        expect(after[who][part], `${who} ${part}`).toBe(before[who][part]);

    // The day's activity is on this month's statement instead.
    const now = (
      await staff.get(`/api/reporting/statements?month=${NOW}&partner_id=${String(A)}`)
    ).json<StatementAnswer>();
    expect(now.data.some((e) => e.type === 'order' && e.order.id === o2.id && e.bill !== null)).toBe(true);
    expect(now.data.some((e) => e.type === 'order' && e.order.id === o3.id && e.bill === null)).toBe(true);
    expect(now.data.some((e) => e.type === 'refund' && e.order.id === o4.id)).toBe(true);
    expect(now.data.some((e) => e.type === 'instore' && e.order?.id === relay.id)).toBe(true);
    // The payment the payout made today stands on this month's summary, on its own line.
    const summary = await staff.get(`/api/reporting/statements/${NOW}/summary?partner_id=${String(A)}`);
    const text = pdfText(summary.rawPayload, 'now-summary');
    expect(text).toMatch(/Paid to you this month\s+1\s+R /);
    // Its table adds up to the month's Total on pay, the payment never netted into it.
    const totals = text.split('\n').filter((l) => l.trim().startsWith('Total on pay'));
    expect(totals.at(-1)).toContain(formatMoney(now.meta.totals.totalOnPay));
  }, 120_000);
});

describe('dates, references and partners', () => {
  it('refuses a wholesale purchase dated 1900-01-01, in a closed month or in the future, under `date`', async () => {
    const { firstOpenMonth } = await closedMonths();
    const old = await wholesale(A, '1900-01-01');
    expect(old.statusCode).toBe(422);
    expect(errorsOf(old)).toEqual({ date: [CLOSED_MONTH_TEXTS.closed('1900-01', firstOpenMonth)] });
    expect(errorsOf(old)?.date?.[0]).toContain('January 1900 is closed; date it in');
    const future = await wholesale(A, dayFromToday(1));
    expect(future.statusCode).toBe(422);
    expect(errorsOf(future)).toEqual({ date: ['Date cannot be after today.'] });
  });

  it('a delivered or cancelled order keeps its delivery date (409); an open one moves', async () => {
    const delivered = await createOrder(h.database.db, [
      { partnerId: A, status: 'delivered' },
      { partnerId: B, status: 'accepted' },
    ]);
    const cancelled = await createOrder(h.database.db, [{ partnerId: A, status: 'cancel-confirmed' }]);
    const open = await createOrder(h.database.db, [{ partnerId: A, status: 'accepted' }]);
    for (const order of [delivered, cancelled]) {
      const res = await staff.put(`/api/orders/${String(order.id)}/delivery-date`, { deliveryDate: TODAY });
      expect(res.statusCode).toBe(409);
      expect(res.json<Errors>().message).toBe('Delivered orders keep their delivery date');
      const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.deliveryDate).toBe('2026-11-22');
    }
    const moved = await staff.put(`/api/orders/${String(open.id)}/delivery-date`, { deliveryDate: TODAY });
    expect(moved.statusCode).toBe(200);
  });

  it('an order delivered early is payable the same day and on the statement; due equals the balance', async () => {
    const early = await createOrder(
      h.database.db,
      [{ partnerId: B, status: 'fulfilled', valueCents: 40000 }],
      {
        deliveryDate: dayFromToday(3),
      },
    );
    expect((await staff.post('/api/deliver-order-line', { id: early.lineIds[0]! })).statusCode).toBe(200);
    const due = (await staff.get(`/api/payouts?upTo=${TODAY}`)).json<{ data: PayoutDue[] }>().data;
    const rowB = due.find((d) => d.partner.id === B)!;
    const [bill] = await h.database.db.select().from(bills).where(eq(bills.orderId, early.id));
    expect(bill!.statementDay).toBe(TODAY);
    expect(rowB.bills).toBeGreaterThanOrEqual(bill!.amountCents / 100);
    const balance = await staff.get(`/api/reporting/current-balance?partner_id=${String(B)}`);
    expect(balance.json<{ data: number }>().data).toBe(rowB.due);
    const statement = (
      await staff.get(`/api/reporting/statements?month=${NOW}&partner_id=${String(B)}`)
    ).json<StatementAnswer>();
    expect(statement.data.some((e) => e.type === 'order' && e.order.id === early.id)).toBe(true);
  });

  it('marks a disabled partner on the payouts list and still pays them', async () => {
    await deliveredOn(h, staff, { partnerId: B, scheduled: TODAY, deliveredOn: TODAY, valueCents: 300000 });
    await h.database.db.update(partners).set({ enabled: false }).where(eq(partners.id, B));
    const due = (await staff.get(`/api/payouts?upTo=${TODAY}`)).json<{ data: PayoutDue[] }>().data;
    expect(due.find((d) => d.partner.id === B)).toMatchObject({ enabled: false, bankReady: true });
    expect(due.find((d) => d.partner.id === A)?.enabled ?? true).toBe(true);
    const paid = await staff.post('/api/payouts', {
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'BL PAY DISABLED',
      partnerIds: [B],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await h.database.db.update(partners).set({ enabled: true }).where(eq(partners.id, B));
  });

  it('refuses a payout reference another payout used, whatever its case, naming that payout', async () => {
    const first = await staff.get('/api/payouts/runs');
    const used = first
      .json<{ data: { id: number; reference: string }[] }>()
      .data.find((r) => r.reference === 'BL PAY CLOSE')!;
    await deliveredOn(h, staff, { partnerId: A, scheduled: TODAY, deliveredOn: TODAY });
    const again = await staff.post('/api/payouts', {
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'bl pay close',
      partnerIds: [A],
    });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ reference: [`Payout ${String(used.id)} already used this reference`] });
    // Two payouts with one new reference at once: one is made, the other refused under `reference` or, its
    // bills already paid, as nothing due.
    await deliveredOn(h, staff, { partnerId: A, scheduled: TODAY, deliveredOn: TODAY });
    await deliveredOn(h, staff, { partnerId: B, scheduled: TODAY, deliveredOn: TODAY });
    const body = (partnerId: number) => ({
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'BL RACE',
      partnerIds: [partnerId],
    });
    const [one, two] = await Promise.all([
      staff.post('/api/payouts', body(A)),
      staff.post('/api/payouts', body(B)),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 422]);
    const refused = one.statusCode === 422 ? one : two;
    expect(Object.keys(errorsOf(refused) ?? {})).toEqual(['reference']);
  });
});
