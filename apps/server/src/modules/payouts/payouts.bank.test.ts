import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BANK_TEXTS, ROLE_IDS, todayInJohannesburg } from '@bloomline/contract';
import type { Partner, PayoutCreated, PayoutDue } from '@bloomline/contract';

import { partners, payments, users } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness, type Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

// Issue 46 on the payouts' side: the list marks each partner's bank state, a partner whose details await a
// second user's confirmation is held (never paid into an unconfirmed account), and a payout's bank file is
// written from the payout's own copy of the details, whatever the partner's record says later.

let h: Harness;
let ada: TestClient;
let bea: TestClient;
let b: number;
type Errors = { message: string; errors: Record<string, string[]> };

const TODAY = todayInJohannesburg();
const GOOD = {
  bank_name: 'FNB',
  branch_code: '250655',
  account_name: 'Fynbos & Co (Pty) Ltd',
  account_number: '62000000001',
  account_type: 'Cheque',
};
const bankUrl = (tail = '') => `/api/partners/${String(b)}/bank-details${tail}`;

/** A delivered order of partner B (20 % commission, VAT registered), its bill written by the delivery. */
async function delivered(valueCents: number) {
  const order = await createOrder(h.database.db, [{ partnerId: b, status: 'fulfilled', valueCents }], {
    deliveryDate: TODAY,
    deliveryFeeCents: 0,
  });
  const res = await ada.post('/api/deliver-order-line', { id: order.lineIds[0]! });
  expect(res.statusCode, res.body).toBe(200);
}
const dueOfB = async () =>
  (await ada.get(`/api/payouts?upTo=${TODAY}`))
    .json<{ data: PayoutDue[] }>()
    .data.find((d) => d.partner.id === b);
const pay = (reference: string) =>
  ada.post('/api/payouts', { upTo: TODAY, paidAt: TODAY, reference, partnerIds: [b] });
const bankFile = async (id: number) =>
  (await ada.get(`/api/payouts/${String(id)}/bank-file`)).body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

beforeAll(async () => {
  h = await createHarness();
  ({ staff: ada } = await h.signedIn('10.46.6'));
  const [admin] = await h.database.db.select().from(users).where(eq(users.id, h.fixtures.staff.id));
  await h.database.db.insert(users).values({
    name: 'Bea Books',
    email: 'bea@example.com',
    passwordHash: admin!.passwordHash,
    roleId: ROLE_IDS.staff,
    managePayouts: true,
  });
  bea = h.client('10.46.6.7');
  await bea.login('bea@example.com');
  b = h.fixtures.partnerB.id;
});
afterAll(() => h.close());

describe('the payouts list and a payout', () => {
  it('marks incomplete, then awaiting confirmation (held, 422), then ready (paid into its copy)', async () => {
    await delivered(50000);
    expect(await dueOfB()).toMatchObject({ bankReady: false, bankState: 'incomplete' });
    const incomplete = await pay('BL PAY A');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json<Errors>().errors.partnerIds).toEqual([
      'Bank details are incomplete for Fynbos & Co.',
    ]);

    expect((await ada.put(bankUrl(), GOOD)).statusCode).toBe(200);
    expect(await dueOfB()).toMatchObject({ bankReady: true, bankState: 'awaiting-confirmation' });
    const held = await pay('BL PAY B');
    expect(held.statusCode).toBe(422);
    expect(held.json<Errors>().errors.partnerIds).toEqual([BANK_TEXTS.awaiting('Fynbos & Co')]);
    expect(await h.database.db.select().from(payments).where(eq(payments.partnerId, b))).toEqual([]);

    expect((await bea.post(bankUrl('/confirm'))).statusCode).toBe(200);
    expect(await dueOfB()).toMatchObject({ bankReady: true, bankState: 'ready' });
    const paid = await pay('BL PAY C');
    expect(paid.statusCode, paid.body).toBe(201);
    const payout = paid.json<{ data: PayoutCreated }>().data;
    // R 500,00 less 20 % commission on the price without VAT: the bill is what the delivery wrote.
    const amount = payout.payments[0]!.amount.toFixed(2);
    const copy = `Fynbos & Co (Pty) Ltd,FNB,250655,62000000001,Cheque,${amount},BL PAY C`;
    expect((await bankFile(payout.id))[1]).toBe(copy);

    // The partner's details change (and await confirmation): the payout's file keeps the account it paid.
    await ada.put(bankUrl(), {
      ...GOOD,
      bank_name: 'Capitec',
      branch_code: '470010',
      account_number: '1234567890',
    });
    expect((await bankFile(payout.id))[1]).toBe(copy);
    // Blanked on the partner form: still the payout's copy.
    const blank = await ada.form(`/api/partners/${String(b)}`, {
      _method: 'PUT',
      bank_name: '',
      branch_code: '',
      account_name: '',
      account_number: '',
      account_type: '',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const [row] = await h.database.db.select().from(partners).where(eq(partners.id, b));
    expect(row).toMatchObject({ bankName: null, accountNumber: null });
    expect((await bankFile(payout.id))[1]).toBe(copy);
  });

  it('a payout while the details change pays the confirmed account or holds the partner, never the new one', async () => {
    await ada.put(bankUrl(), GOOD);
    expect((await bea.post(bankUrl('/confirm'))).statusCode).toBe(200);
    await delivered(30000);
    const [payout, change] = await Promise.all([
      pay('BL PAY RACE'),
      ada.put(bankUrl(), { ...GOOD, account_number: '55555555555' }),
    ]);
    expect(change.statusCode).toBe(200);
    expect([201, 422]).toContain(payout.statusCode);
    const made = await h.database.db.select().from(payments).where(eq(payments.reference, 'BL PAY RACE'));
    if (payout.statusCode === 201) expect(made.map((p) => p.accountNumber)).toEqual(['62000000001']);
    else {
      expect(payout.json<Errors>().errors.partnerIds).toEqual([BANK_TEXTS.awaiting('Fynbos & Co')]);
      expect(made).toEqual([]);
    }
    const partner = await ada.get(`/api/partners/${String(b)}`);
    expect(partner.json<{ data: Partner }>().data.bank.state).toBe('awaiting-confirmation');
  });
});
