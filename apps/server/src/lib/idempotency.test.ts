import { randomUUID } from 'node:crypto';

import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_FIELD, IDEMPOTENCY_TEXTS, ROLE_IDS, todayInJohannesburg } from '@bloomline/contract';

import {
  creditNotes,
  idempotencyKeys,
  mails,
  partners,
  payouts,
  refunds,
  returns,
  users,
} from '../db/schema';
import { createRefund, createReturn } from '../test/claims-fixtures';
import type { TestClient } from '../test/client';
import { createHarness, type Harness } from '../test/harness';
import { createOrder } from '../test/orders-fixtures';

// Issue 46, point 3 (DECISIONS.md "Retries make one record"): each of the six money-creating staff calls sent
// twice with one Idempotency-Key answers the same status and body and makes one record; another body under the
// key is a 422; another user's same key is theirs; no key works as before; twenty wholesale posts at once with
// one key make one deduction; a bad key is a 422, never a 500. The kill test is idempotency.kill.test.ts.

let h: Harness;
let staff: TestClient;
let clerk: TestClient;
const TODAY = todayInJohannesburg();
type Method = 'POST' | 'PUT';
type Errors = { message: string; errors: Record<string, string[]> };

const keyed = (client: TestClient, method: Method, url: string, body: unknown, key?: string) =>
  client.request(method, url, body, key === undefined ? {} : { 'idempotency-key': key });

/** Sends the call twice under one key: the answers must be the same, byte for byte. */
async function twice(method: Method, url: string, body: unknown, status: number) {
  const key = randomUUID();
  const first = await keyed(staff, method, url, body, key);
  expect(first.statusCode, first.body).toBe(status);
  const again = await keyed(staff, method, url, body, key);
  expect(again.statusCode).toBe(status);
  expect(again.body).toBe(first.body);
  return { key, first };
}

const rows = async (table: PgTable, where: SQL | undefined) =>
  (await h.database.db.select({ n: count() }).from(table).where(where))[0]!.n;

const returnsOf = (orderId: number) => rows(returns, eq(returns.orderId, orderId));
const refundsOf = (orderId: number) => rows(refunds, eq(refunds.orderId, orderId));
const wholesaleOf = (description: string) =>
  rows(creditNotes, and(eq(creditNotes.kind, 'wholesale'), eq(creditNotes.description, description)));
const deductionMails = () => rows(mails, eq(mails.kind, 'deduction'));

/** An order of partner A's delivered lines: 2 × R 450,01 and 1 × R 123,45. */
const deliveredOrder = () =>
  createOrder(h.database.db, [
    { partnerId: h.fixtures.partnerA.id, status: 'delivered', valueCents: 45001, quantity: 2 },
    { partnerId: h.fixtures.partnerA.id, status: 'delivered', valueCents: 12345 },
  ]);

const wholesale = (description: string, amount = 12.5) => ({ date: TODAY, description, amount });
const wholesaleUrl = () => `/api/partners/${String(h.fixtures.partnerA.id)}/wholesale`;

beforeAll(async () => {
  h = await createHarness();
  ({ staff } = await h.signedIn('10.46.3'));
  const db = h.database.db;
  const [admin] = await db.select().from(users).where(eq(users.id, h.fixtures.staff.id));
  await db.insert(users).values({
    name: 'Cleo Clerk',
    email: 'clerk@example.com',
    passwordHash: admin!.passwordHash,
    roleId: ROLE_IDS.staff,
  });
  clerk = h.client('10.46.3.9');
  await clerk.login('clerk@example.com');
  await db
    .update(partners)
    .set({ businessEmail: 'accounts@protea.example' })
    .where(eq(partners.id, h.fixtures.partnerA.id));
  await db
    .update(partners)
    .set({
      bankName: 'FNB',
      branchCode: '250655',
      accountName: 'Rose & Co',
      accountNumber: '62000000002',
      accountType: 'Cheque',
    })
    .where(eq(partners.id, h.fixtures.partnerB.id));
});
afterAll(() => h.close());

describe('each money-creating call, twice under one key: one answer, one record', () => {
  it('opens one return', async () => {
    const o = await deliveredOrder();
    const body = { lines: [{ orderLineId: o.lineIds[0]!, quantity: 1, reason: 'Damaged' }] };
    await twice('POST', `/api/orders/${String(o.id)}/returns`, body, 201);
    expect(await returnsOf(o.id)).toBe(1);
  });

  it('opens one refund, and answers the first answer even after the refund moved on', async () => {
    const o = await deliveredOrder();
    const url = `/api/orders/${String(o.id)}/refunds`;
    const body = { amount: 100, lines: [o.lineIds[0]!], reason: 'Wilted' };
    const { key, first } = await twice('POST', url, body, 201);
    expect(await refundsOf(o.id)).toBe(1);
    const id = first.json<{ data: { id: number } }>().data.id;
    const processed = await staff.put(`/api/orders/refunds/${String(id)}`, {
      responsible: 'Customer',
      onPay: 0,
    });
    expect(processed.statusCode).toBe(200);
    // The retry of the open answers what the open answered (responsible still open), and makes nothing.
    const late = await keyed(staff, 'POST', url, body, key);
    expect([late.statusCode, late.body]).toEqual([201, first.body]);
    expect(await refundsOf(o.id)).toBe(1);
  });

  it('processes a return once: one credit note, one deduction e-mail', async () => {
    const o = await deliveredOrder();
    const ret = await createReturn(h.database.db, o, [
      { orderLineId: o.lineIds[1]!, quantity: 1, reason: 'Late' },
    ]);
    const mailsBefore = await deductionMails();
    await twice('POST', `/api/orders/returns/${String(ret.id)}/process`, { responsible: 'Partner' }, 200);
    expect(await rows(creditNotes, eq(creditNotes.returnId, ret.id))).toBe(1);
    expect(await deductionMails()).toBe(mailsBefore + 1);
  });

  it('processes a refund once, by JSON and by the original client form alike', async () => {
    const o = await deliveredOrder();
    const refund = await createRefund(h.database.db, o, [
      {
        orderLineId: o.lineIds[0]!,
        partnerId: h.fixtures.partnerA.id,
        amountCents: 5000,
        onPayAmountCents: 3000,
      },
    ]);
    const url = `/api/orders/refunds/${String(refund.id)}`;
    const mailsBefore = await deductionMails();
    const { key, first } = await twice('PUT', url, { responsible: 'Partner', onPay: 12.34 }, 200);
    // Without the key the same call is refused now (409 once processed); with it, the first answer.
    expect((await staff.put(url, { responsible: 'Partner', onPay: 12.34 })).statusCode).toBe(409);
    const form = new FormData();
    for (const [k, v] of Object.entries({ _method: 'PUT', responsible: 'Partner', onPay: '12.34' }))
      form.append(k, v);
    const encoded = new Response(form);
    const again = await staff.request('POST', url, Buffer.from(await encoded.arrayBuffer()), {
      'content-type': encoded.headers.get('content-type') ?? '',
      'idempotency-key': key,
    });
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(await deductionMails()).toBe(mailsBefore + 1);
  });

  it('records one wholesale purchase', async () => {
    await twice('POST', wholesaleUrl(), wholesale('Twice, one key'), 201);
    expect(await wholesaleOf('Twice, one key')).toBe(1);
  });

  it('makes one payout', async () => {
    const o = await createOrder(
      h.database.db,
      [{ partnerId: h.fixtures.partnerB.id, status: 'fulfilled', valueCents: 30000 }],
      { deliveryDate: TODAY, deliveryFeeCents: 0 },
    );
    expect((await staff.post('/api/deliver-order-line', { id: o.lineIds[0]! })).statusCode).toBe(200);
    const body = {
      upTo: TODAY,
      paidAt: TODAY,
      reference: 'IDEM-PAY-1',
      partnerIds: [h.fixtures.partnerB.id],
    };
    await twice('POST', '/api/payouts', body, 201);
    expect(await rows(payouts, eq(payouts.reference, 'IDEM-PAY-1'))).toBe(1);
  });
});

describe('what a key holds', () => {
  it('another body, or another call, under a used key is a 422 on the key, and changes nothing', async () => {
    const key = randomUUID();
    expect((await keyed(staff, 'POST', wholesaleUrl(), wholesale('Other body A'), key)).statusCode).toBe(201);
    for (const [url, body] of [
      [wholesaleUrl(), wholesale('Other body A', 99)],
      [wholesaleUrl(), wholesale('Other body B')],
      [`/api/partners/${String(h.fixtures.partnerB.id)}/wholesale`, wholesale('Other body A')],
    ] as const) {
      const res = await keyed(staff, 'POST', url, body, key);
      expect(res.statusCode).toBe(422);
      expect(res.json<Errors>().errors).toEqual({ [IDEMPOTENCY_FIELD]: [IDEMPOTENCY_TEXTS.otherRequest] });
    }
    const o = await deliveredOrder();
    const refund = await keyed(
      staff,
      'POST',
      `/api/orders/${String(o.id)}/refunds`,
      { amount: 1, lines: [o.lineIds[0]!] },
      key,
    );
    expect(refund.statusCode).toBe(422);
    expect(await wholesaleOf('Other body A')).toBe(1);
    expect(await wholesaleOf('Other body B')).toBe(0);
    expect(await refundsOf(o.id)).toBe(0);
  });

  it("is each user's own: another staff user's same key makes their own record", async () => {
    const key = randomUUID();
    const mine = await keyed(staff, 'POST', wholesaleUrl(), wholesale('Two users'), key);
    const theirs = await keyed(clerk, 'POST', wholesaleUrl(), wholesale('Two users'), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.body).not.toBe(mine.body);
    expect(await wholesaleOf('Two users')).toBe(2);
  });

  it('without a key each call makes its record, as before', async () => {
    for (let i = 0; i < 2; i += 1)
      expect((await staff.post(wholesaleUrl(), wholesale('No key'))).statusCode).toBe(201);
    expect(await wholesaleOf('No key')).toBe(2);
  });

  it('a refused call keeps nothing under its key: the corrected call is made', async () => {
    const o = await deliveredOrder();
    const url = `/api/orders/${String(o.id)}/refunds`;
    const key = randomUUID();
    const above = await keyed(staff, 'POST', url, { amount: 99_999, lines: [o.lineIds[0]!] }, key);
    expect(above.statusCode).toBe(422);
    const fixed = await keyed(staff, 'POST', url, { amount: 10, lines: [o.lineIds[0]!] }, key);
    expect(fixed.statusCode).toBe(201);
    expect(await refundsOf(o.id)).toBe(1);
  });

  it('lasts 24 hours: a day later the key is new, and old keys are cleared', async () => {
    const key = randomUUID();
    const first = await keyed(staff, 'POST', wholesaleUrl(), wholesale('A day later'), key);
    expect(first.statusCode).toBe(201);
    await h.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await keyed(staff, 'POST', wholesaleUrl(), wholesale('A day later'), key);
    expect(later.statusCode).toBe(201);
    expect(later.body).not.toBe(first.body);
    expect(await wholesaleOf('A day later')).toBe(2);
    // An old key of another user is cleared by the next claim.
    const old = randomUUID();
    await keyed(clerk, 'POST', wholesaleUrl(), wholesale('Cleared'), old);
    await h.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${old}`,
    );
    await keyed(staff, 'POST', wholesaleUrl(), wholesale('Clears'), randomUUID());
    expect(await rows(idempotencyKeys, eq(idempotencyKeys.key, old))).toBe(0);
  });
});

describe('the document', () => {
  it('lists the header on the six calls, and on no other', async () => {
    type Operation = { parameters?: { in: string; name: string; required?: boolean }[] };
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const keyed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_FIELD))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(keyed.sort()).toEqual([
      // The original client's multipart processing (`_method=PUT`) takes the key as well.
      'POST /api/orders/refunds/{id}',
      'POST /api/orders/returns/{id}/process',
      'POST /api/orders/{id}/refunds',
      'POST /api/orders/{id}/returns',
      'POST /api/partners/{id}/wholesale',
      'POST /api/payouts',
      'POST /api/v2/orders/refunds/{id}',
      'PUT /api/orders/refunds/{id}',
      'PUT /api/v2/orders/refunds/{id}',
    ]);
  });
});

describe('races and bad keys', () => {
  it('twenty identical wholesale posts at once with one key: one deduction, twenty same answers', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        keyed(staff, 'POST', wholesaleUrl(), wholesale('Twenty at once', 300), key),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await wholesaleOf('Twenty at once')).toBe(1);
  });

  it('a bad key is a 422 on the key, never a 500, and makes nothing', async () => {
    for (const bad of ['', ' ', 'x'.repeat(101), 'two words', 'tab\there', 'clé']) {
      const res = await keyed(staff, 'POST', wholesaleUrl(), wholesale('Bad key'), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json<Errors>().errors[IDEMPOTENCY_FIELD]).toEqual([IDEMPOTENCY_TEXTS.key]);
    }
    expect(await wholesaleOf('Bad key')).toBe(0);
    const longest = await keyed(staff, 'POST', wholesaleUrl(), wholesale('Longest key'), 'k'.repeat(100));
    expect(longest.statusCode).toBe(201);
  });
});
