import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  PayoutCreated,
  PayoutDue,
  PayoutRun,
  StatementAnswer,
  WholesalePurchase,
} from '@bloomline/contract';
import { ROLE_IDS, todayInJohannesburg } from '@bloomline/contract';

import { auditEntries, bills, creditNotes, partners, payments, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// Payouts and wholesale purchases (DECISIONS.md "The money cycle on real orders"; issue 35) as staff with
// managePayouts, staff without it, partner A, partner B and signed out; sums worked by hand; races.

let h: Harness;
let staff: TestClient;
let clerk: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
let guest: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };

const TODAY = todayInJohannesburg();
/** A day `n` days from today (YYYY-MM-DD). */
const dayFromToday = (n: number) =>
  new Date(Date.parse(`${TODAY}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const BANK = {
  bankName: 'FNB',
  branchCode: '250655',
  accountName: 'Protea Petals (Pty) Ltd',
  accountNumber: '62000000001',
  accountType: 'Cheque',
};

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.35.2'));
  const db = h.database.db;
  const [admin] = await db.select().from(users).where(eq(users.id, h.fixtures.staff.id));
  await db.insert(users).values({
    name: 'Cleo Clerk',
    email: 'clerk@example.com',
    passwordHash: admin!.passwordHash,
    roleId: ROLE_IDS.staff,
  });
  clerk = h.client('10.35.2.9');
  await clerk.login('clerk@example.com');
  guest = h.client('10.35.2.10');
  await guest.csrf();
  await db
    .update(partners)
    .set({ ...BANK, businessEmail: 'accounts@protea.example' })
    .where(eq(partners.id, h.fixtures.partnerA.id));
});
afterAll(() => h.close());

/** A delivered order of partner A with its bill written by the delivery (the product's own path). */
async function deliveredOrder(valueCents: number, deliveryDate: string, partnerId = h.fixtures.partnerA.id) {
  const order = await createOrder(h.database.db, [{ partnerId, status: 'fulfilled', valueCents }], {
    deliveryDate,
    deliveryFeeCents: 0,
  });
  const res = await staff.post('/api/deliver-order-line', { id: order.lineIds[0]! });
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

const dues = async (client: TestClient, upTo = TODAY) => {
  const res = await client.get(`/api/payouts?upTo=${upTo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PayoutDue[] }>().data;
};
const dueOf = async (partnerId: number, upTo = TODAY) =>
  (await dues(staff, upTo)).find((d) => d.partner.id === partnerId);

describe('who may', () => {
  it('staff with managePayouts only: a clerk, partners 403; signed out 401', async () => {
    for (const [client, status] of [
      [clerk, 403],
      [partnerA, 403],
      [partnerB, 403],
      [guest, 401],
    ] as const) {
      expect((await client.get(`/api/payouts?upTo=${TODAY}`)).statusCode).toBe(status);
      expect((await client.get('/api/payouts/runs')).statusCode).toBe(status);
      const post = await client.post('/api/payouts', {
        upTo: TODAY,
        paidAt: TODAY,
        reference: 'X',
        partnerIds: [h.fixtures.partnerA.id],
      });
      expect(post.statusCode).toBe(status);
    }
    // Wholesale purchases: staff (no permission needed), partners 403.
    expect((await clerk.get(`/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`)).statusCode).toBe(
      200,
    );
    expect((await partnerA.get(`/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await partnerA.post(`/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`, {
          date: TODAY,
          description: 'Roses',
          amount: 10,
        })
      ).statusCode,
    ).toBe(403);
    expect((await guest.get(`/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`)).statusCode).toBe(
      401,
    );
  });

  it('/api/me shows managePayouts to the staff member who has it', async () => {
    const me = (await staff.get('/api/me')).json<{ data: { permissions: Record<string, boolean> } }>();
    expect(me.data.permissions.managePayouts).toBe(true);
    const clerkMe = (await clerk.get('/api/me')).json<{ data: { permissions: Record<string, boolean> } }>();
    expect(clerkMe.data.permissions.managePayouts).toBe(false);
  });
});

describe('bad input', () => {
  it('refuses malformed dates, amounts and ids under their fields, never 500', async () => {
    const bad = await staff.get('/api/payouts?upTo=2026-13-01');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors!)).toEqual(['upTo']);
    const post = await staff.post('/api/payouts', {
      upTo: 'soon',
      paidAt: '',
      reference: '',
      partnerIds: [],
    });
    expect(post.statusCode).toBe(422);
    expect(Object.keys(post.json<Errors>().errors!).sort()).toEqual([
      'paidAt',
      'partnerIds',
      'reference',
      'upTo',
    ]);
    const future = await staff.post('/api/payouts', {
      upTo: '2999-01-01',
      paidAt: '2999-01-01',
      reference: 'X',
      partnerIds: [h.fixtures.partnerA.id],
    });
    expect(future.statusCode).toBe(422);
    expect(future.json<Errors>().errors).toHaveProperty('upTo');
    const unknown = await staff.post('/api/payouts', {
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'X',
      partnerIds: [999_999],
    });
    expect(unknown.statusCode).toBe(422);
    const url = `/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`;
    for (const amount of [-5, 1_000_001, 12.345, 'abc', '12,50,1', 0]) {
      const res = await staff.post(url, { date: TODAY, description: 'Roses', amount });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(Object.keys(res.json<Errors>().errors!), String(amount)).toEqual(['amount']);
    }
    expect((await staff.post(url, { date: '2999-01-01', description: 'Roses', amount: 5 })).statusCode).toBe(
      422,
    );
    expect(
      (await staff.post('/api/partners/999999/wholesale', { date: TODAY, description: 'R', amount: 5 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a payout, worked by hand', () => {
  it('pays bills less deductions up to a day, once; carries a partner whose due is not above zero', async () => {
    // Partner A: bills 800,00 and 400,00 (A: 25 % commission, not VAT registered: 600,00 and 300,00), both
    // dated today, the day they were delivered (issue 46): the first scheduled days ago, the second delivered
    // three days early and payable at once; a wholesale purchase 150,00 and a refund deduction 45,50 today.
    const first = await deliveredOrder(80000, dayFromToday(-5));
    await deliveredOrder(40000, dayFromToday(3));
    const wholesale = await staff.post(`/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`, {
      date: TODAY,
      description: 'Wholesale roses',
      amount: '150,00',
    });
    expect(wholesale.statusCode, wholesale.body).toBe(201);
    expect(wholesale.json<{ data: WholesalePurchase }>().data).toMatchObject({ amount: 150, settled: false });
    const opened = await staff.post(`/api/orders/${String(first.id)}/refunds`, {
      amount: 100,
      lines: [first.lineIds[0]!],
      reason: 'Wilted',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const refund = opened.json<{ data: { id: number } }>().data;
    const processed = await staff.put(`/api/orders/refunds/${String(refund.id)}`, {
      responsible: 'Partner',
      onPay: '45,50',
    });
    expect(processed.statusCode, processed.body).toBe(200);

    // Up to yesterday nothing is due: every record is dated today. Up to today: bills 900,00, deductions
    // 195,50, as the statement's balance counts them (R 704,50).
    const upTo = TODAY;
    expect(await dueOf(h.fixtures.partnerA.id, dayFromToday(-1))).toBeUndefined();
    const row = (await dueOf(h.fixtures.partnerA.id, upTo))!;
    const billsUpTo = 900;
    expect(row).toEqual({
      partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
      bills: billsUpTo,
      deductions: 195.5,
      due: billsUpTo - 195.5,
      bankReady: true,
      bankState: 'ready',
      enabled: true,
    });
    const balance = await partnerA.get('/api/reporting/current-balance');
    expect(balance.json<{ data: number }>().data).toBe(row.due);

    // B has nothing due above zero: a wholesale purchase only. It is carried, not paid.
    await staff.post(`/api/partners/${String(h.fixtures.partnerB.id)}/wholesale`, {
      date: TODAY,
      description: 'Vases',
      amount: 80,
    });
    const res = await staff.post('/api/payouts', {
      upTo,
      paidAt: TODAY,
      reference: 'BL PAY 1',
      partnerIds: [h.fixtures.partnerA.id, h.fixtures.partnerB.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: PayoutCreated }>().data;
    expect(created.payments).toEqual([
      {
        id: expect.any(Number) as number,
        partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
        amount: billsUpTo - 195.5,
      },
    ]);
    // Nothing of A is left up to the day; B's wholesale still waits.
    expect(await dueOf(h.fixtures.partnerA.id, upTo)).toBeUndefined();
    expect(await dueOf(h.fixtures.partnerB.id, upTo)).toMatchObject({ bills: 0, deductions: 80, due: -80 });
    const [payment] = await h.database.db.select().from(payments).where(eq(payments.payoutId, created.id));
    expect(payment).toMatchObject({ amountCents: Math.round((billsUpTo - 195.5) * 100), paidAt: TODAY });
    const paidBills = await h.database.db.select().from(bills).where(eq(bills.paymentId, payment!.id));
    expect(paidBills.every((b) => b.paid && b.paidAt === TODAY)).toBe(true);
    const settled = await h.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.paymentId, payment!.id));
    expect(settled.map((n) => n.amountCents)).toEqual([15000]);

    // The statement: the payment entry, and A's November shows what is left unpaid (the later bill if any).
    const statement = (
      await partnerA.get(`/api/reporting/statements?month=${TODAY.slice(0, 7)}`)
    ).json<StatementAnswer>();
    if (statement.data.length > 0) {
      expect(statement.data.some((e) => e.type === 'payment' && e.amount === billsUpTo - 195.5)).toBe(true);
    }

    // The remittance e-mail: what was paid and why.
    // Queued in the payout's transaction and sent by the mail job once it committed.
    const mail = (await h.mailsSent()).find(
      (m) => m.to === 'accounts@protea.example' && m.subject.startsWith('Remittance'),
    );
    expect(mail?.subject).toContain(`R ${(billsUpTo - 195.5).toFixed(2).replace('.', ',')}`);
    expect(mail?.text).toContain(first.name);
    expect(mail?.text).toContain('Wholesale: Wholesale roses');
    expect(mail?.text).toContain('Refund');

    // The bank file.
    const file = await staff.get(`/api/payouts/${String(created.id)}/bank-file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="payout-${String(created.id)}-${TODAY}.csv"`,
    );
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Beneficiary name,Bank,Branch code,Account number,Account type,Amount,Reference',
      `Protea Petals (Pty) Ltd,FNB,250655,62000000001,Cheque,${(billsUpTo - 195.5).toFixed(2)},BL PAY 1`,
    ]);
    expect((await partnerA.get(`/api/payouts/${String(created.id)}/bank-file`)).statusCode).toBe(403);

    // The history.
    const runs = (await staff.get('/api/payouts/runs')).json<{ data: PayoutRun[] }>().data;
    expect(runs[0]).toMatchObject({
      id: created.id,
      reference: 'BL PAY 1',
      partnerCount: 1,
      total: billsUpTo - 195.5,
    });
    const audit = await h.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyType, 'payout'));
    expect(audit.some((a) => a.propertyId === created.id)).toBe(true);

    // A second payout of the same: nothing due, 422, nothing written.
    const again = await staff.post('/api/payouts', {
      upTo,
      paidAt: TODAY,
      reference: 'BL PAY 2',
      partnerIds: [h.fixtures.partnerA.id],
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses a partner whose bank details are incomplete', async () => {
    await deliveredOrder(30000, '2026-11-04', h.fixtures.partnerB.id);
    const row = (await dueOf(h.fixtures.partnerB.id))!;
    expect(row.bankReady).toBe(false);
    const res = await staff.post('/api/payouts', {
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'X',
      partnerIds: [h.fixtures.partnerB.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Errors>().errors?.partnerIds?.[0]).toContain('Bank details are incomplete');
  });

  it('two payouts at once pay each bill once', async () => {
    await deliveredOrder(20000, '2026-11-05');
    const body = (reference: string) => ({
      upTo: TODAY,
      paidAt: TODAY,
      reference,
      partnerIds: [h.fixtures.partnerA.id],
    });
    const [one, two] = await Promise.all([
      staff.post('/api/payouts', body('R1')),
      staff.post('/api/payouts', body('R2')),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 422]);
    const paid = await h.database.db.select().from(bills).where(eq(bills.partnerId, h.fixtures.partnerA.id));
    const paymentsOfA = await h.database.db
      .select()
      .from(payments)
      .where(eq(payments.partnerId, h.fixtures.partnerA.id));
    // Every bill paid is in exactly one payment, and the payments add up to the bills less the deductions.
    expect(paid.filter((b) => b.paid).every((b) => paymentsOfA.some((p) => p.id === b.paymentId))).toBe(true);
  });

  it('a payout during a delivery neither pays a bill it did not count nor loses one', async () => {
    const order = await createOrder(
      h.database.db,
      [{ partnerId: h.fixtures.partnerA.id, status: 'fulfilled', valueCents: 10000 }],
      { deliveryDate: '2026-11-06', deliveryFeeCents: 0 },
    );
    await deliveredOrder(12000, '2026-11-06');
    const [delivery, payout] = await Promise.all([
      staff.post('/api/deliver-order-line', { id: order.lineIds[0]! }),
      staff.post('/api/payouts', {
        upTo: TODAY,
        paidAt: TODAY,
        reference: 'R3',
        partnerIds: [h.fixtures.partnerA.id],
      }),
    ]);
    expect(delivery.statusCode).toBe(200);
    expect(payout.statusCode).toBe(201);
    const amount = payout.json<{ data: PayoutCreated }>().data.payments[0]!.amount;
    const [payment] = await h.database.db.select().from(payments).where(eq(payments.reference, 'R3'));
    const counted = await h.database.db.select().from(bills).where(eq(bills.paymentId, payment!.id));
    const notes = await h.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.paymentId, payment!.id));
    expect(Math.round(amount * 100)).toBe(
      counted.reduce((s, b) => s + b.amountCents, 0) - notes.reduce((s, n) => s + n.amountCents, 0),
    );
    const [bill] = await h.database.db.select().from(bills).where(eq(bills.orderId, order.id));
    // Either paid by this payout (and counted) or still unpaid for the next one.
    expect(bill!.paid ? bill!.paymentId : null).toBe(bill!.paid ? payment!.id : null);
  });
});
afterAll(async () => (await import('../../test/money-invariants')).expectMoneyInvariants(h));
