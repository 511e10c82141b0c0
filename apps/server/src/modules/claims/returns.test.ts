import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Paged, ReturnDetail, ReturnListItem, StatementAnswer } from '@bloomline/contract';
import { CLAIM_TEXTS, todayInJohannesburg } from '@bloomline/contract';

import { auditEntries, creditNotes, orderHistory, orderLines, partners } from '../../db/schema';
import { createReturn } from '../../test/claims-fixtures';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

import { threeDeliveredLines } from './claims.test-support';

// Returns (DECISIONS.md "Returns and refunds") as staff, partner A and B (403) and signed out (401): the
// list, one return, processing it with each responsible value, the credit notes a responsible partner gets
// (worked out by hand below), the lines' and order's statuses, history, audit, the e-mail, and the race.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string; errors?: Record<string, string[]> };

const url = (id: number, tail = '') => `/api/orders/returns/${String(id)}${tail}`;
const notesOf = (orderId: number) =>
  h.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.id);

/** Three delivered lines: A 2 × R 450,01, B (VAT registered) 3 × R 299,99, A 1 × R 123,45. */
const threeLines = () => createOrder(h.database.db, threeDeliveredLines(h.fixtures));

beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.21.1'));
  await h.database.db
    .update(partners)
    .set({ businessEmail: 'a@protea.example' })
    .where(eq(partners.id, h.fixtures.partnerA.id));
  await h.database.db
    .update(partners)
    .set({ businessEmail: 'b@fynbos.example' })
    .where(eq(partners.id, h.fixtures.partnerB.id));
});
afterAll(() => h.close());

describe('GET /api/orders/returns', () => {
  it('pages the returns newest first, searches return and order names, sorts by name', async () => {
    const first = await threeLines();
    const second = await threeLines();
    const older = await createReturn(
      h.database.db,
      first,
      [{ orderLineId: first.lineIds[0]!, quantity: 1, reason: 'Damaged' }],
      {
        createdAt: new Date('2026-11-01T08:00:00Z'),
      },
    );
    const newer = await createReturn(
      h.database.db,
      second,
      [
        { orderLineId: second.lineIds[0]!, quantity: 1, reason: 'Damaged' },
        { orderLineId: second.lineIds[1]!, quantity: 2, reason: 'Wrong flowers' },
      ],
      { createdAt: new Date('2026-11-02T08:00:00Z') },
    );
    const res = await staff.get('/api/orders/returns');
    expect(res.statusCode).toBe(200);
    const page = res.json<Paged<ReturnListItem>>();
    expect(page.data.slice(0, 2)).toEqual([
      {
        id: newer.id,
        name: newer.name,
        order: { id: second.id, name: second.name },
        status: 'open',
        lineCount: 2,
        responsible: null,
        createdAt: '2026-11-02T08:00:00.000Z',
      },
      {
        id: older.id,
        name: older.name,
        order: { id: first.id, name: first.name },
        status: 'open',
        lineCount: 1,
        responsible: null,
        createdAt: '2026-11-01T08:00:00.000Z',
      },
    ]);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 15, path: '/api/orders/returns' });

    const byOrder = (
      await staff.get(`/api/orders/returns?q=${encodeURIComponent(first.name.toLowerCase())}`)
    ).json<Paged<ReturnListItem>>();
    expect(byOrder.data.map((r) => r.id)).toEqual([older.id]);
    const byName = (
      await staff.get(`/api/orders/returns?q=${encodeURIComponent(newer.name.slice(-4))}`)
    ).json<Paged<ReturnListItem>>();
    expect(byName.data.map((r) => r.id)).toContain(newer.id);
    const asc = (await staff.get('/api/orders/returns?s=name&d=asc')).json<Paged<ReturnListItem>>();
    expect(asc.data.map((r) => r.name)).toEqual([...asc.data.map((r) => r.name)].sort());
    const past = (await staff.get('/api/orders/returns?page=9')).json<Paged<ReturnListItem>>();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(page.meta.total);
    expect((await staff.get('/api/orders/returns?s=bogus')).statusCode).toBe(422);
  });

  it('is not read as an order id, and is staff only', async () => {
    // `/api/orders/:id` of the orders module must not answer this path (as order "returns").
    const res = await staff.get('/api/orders/returns');
    expect(res.json<Paged<ReturnListItem>>().meta.path).toBe('/api/orders/returns');
    expect((await partnerA.get('/api/orders/returns')).statusCode).toBe(403);
    expect((await partnerB.get('/api/orders/returns')).statusCode).toBe(403);
    expect((await h.client().get('/api/orders/returns')).statusCode).toBe(401);
  });
});

describe('GET /api/orders/returns/{id}', () => {
  it('answers the return with its lines, their partner, quantity and reason', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged', reasonNote: 'Photos sent' },
      { orderLineId: order.lineIds[1]!, quantity: 2, reason: 'Wrong flowers' },
    ]);
    const res = await staff.get(url(ret.id));
    expect(res.statusCode).toBe(200);
    const detail = res.json<{ data: ReturnDetail }>().data;
    expect(detail).toMatchObject({
      id: ret.id,
      status: 'open',
      lineCount: 2,
      responsible: null,
      processedBy: null,
      processedAt: null,
    });
    expect(detail.lines).toEqual([
      {
        id: expect.any(Number) as number,
        orderLine: {
          id: order.lineIds[0]!,
          title: 'Roses',
          partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
        },
        quantity: 1,
        reason: 'Damaged',
        reasonNote: 'Photos sent',
      },
      {
        id: expect.any(Number) as number,
        orderLine: {
          id: order.lineIds[1]!,
          title: 'Lilies',
          partner: { id: h.fixtures.partnerB.id, name: 'Fynbos & Co' },
        },
        quantity: 2,
        reason: 'Wrong flowers',
        reasonNote: null,
      },
    ]);
    expect((await staff.get(url(999999))).statusCode).toBe(404);
    expect((await partnerA.get(url(ret.id))).statusCode).toBe(403);
    expect((await partnerB.get(url(ret.id))).statusCode).toBe(403);
    expect((await h.client().get(url(ret.id))).statusCode).toBe(401);
  });
});

describe('POST /api/orders/returns/{id}/process', () => {
  it('with Partner responsible: credit notes of the returned on pay, to the cent, and one e-mail each', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged' },
      { orderLineId: order.lineIds[1]!, quantity: 2, reason: 'Wrong flowers' },
    ]);
    await h.mailsSent();
    const sent = h.outbox.length;
    const res = await staff.post(url(ret.id, '/process'), { responsible: 'Partner' });
    expect(res.statusCode).toBe(200);
    const detail = res.json<{ data: ReturnDetail }>().data;
    expect(detail).toMatchObject({
      status: 'processed',
      responsible: 'Partner',
      processedBy: { name: 'Ada Admin' },
    });
    expect(detail.processedAt).not.toBeNull();

    // A (25 % commission, no VAT): 1 × 45 001 = 45 001; commission round(11 250,25) = 11 250; 33 751 cents.
    // B (20 %, VAT 15 %): 2 × 29 999 = 59 998; commission round(11 999,6) = 12 000; 47 998; VAT round(7 199,7)
    // = 7 200; 55 198 cents.
    const today = todayInJohannesburg();
    expect(
      (await notesOf(order.id)).map((n) => [n.partnerId, n.kind, n.amountCents, n.date, n.description]),
    ).toEqual([
      [h.fixtures.partnerA.id, 'order', 33751, today, `Return ${ret.name}: 1 returned`],
      [h.fixtures.partnerB.id, 'order', 55198, today, `Return ${ret.name}: 2 returned`],
    ]);

    await h.mailsSent();
    // Queued in one transaction, the e-mails are sent in no set order: read by address.
    const mails = h.outbox.slice(sent).sort((x, y) => x.to.localeCompare(y.to));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['a@protea.example', `Deduction of R 337,51 for order ${order.name}`],
      ['b@fynbos.example', `Deduction of R 551,98 for order ${order.name}`],
    ]);
    expect(mails[1]!.text).toContain(`R 551,98 has been deducted from your pay for order ${order.name}.`);
    expect(mails[1]!.text).toContain(`the return ${ret.name} of 3 items (Damaged: 1, Wrong flowers: 2)`);
    expect(mails[1]!.text).toMatch(
      /statement for (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\./,
    );

    // B's statement for this month shows the credit note on the order, as a deduction.
    const statement = await staff.get(
      `/api/reporting/statements?month=${today.slice(0, 7)}&partner_id=${String(h.fixtures.partnerB.id)}`,
    );
    expect(statement.statusCode).toBe(200);
    const entry = statement
      .json<StatementAnswer>()
      .data.find((e) => e.type === 'order' && e.order.id === order.id);
    expect(entry?.type === 'order' && entry.creditNotes.map((n) => n.amount)).toEqual([551.98]);
  });

  it('moves the returned lines to return (9) and derives the order status, with history and audit rows', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 2, reason: 'Damaged' },
      { orderLineId: order.lineIds[1]!, quantity: 3, reason: 'Damaged' },
    ]);
    expect((await staff.post(url(ret.id, '/process'), { responsible: 'Customer' })).statusCode).toBe(200);
    const state = await orderState(h.database.db, order.id);
    expect(state.lines.map((l) => l.status)).toEqual(['return', 'return', 'delivered']);
    expect(state.order.status).toBe('delivered');
    const history = await h.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(orderHistory.id);
    expect(history.map((e) => [e.orderLineId, e.status, e.message])).toEqual([
      [order.lineIds[0]!, 9, 'Ada Admin processed the return of Roses'],
      [order.lineIds[1]!, 9, 'Ada Admin processed the return of Lilies'],
      [
        null,
        null,
        `Ada Admin processed return ${ret.name} (Customer responsible: the customer bears the return)`,
      ],
    ]);
    const [entry] = await h.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.propertyType, 'return'), eq(auditEntries.propertyId, ret.id)));
    expect(entry).toMatchObject({
      event: 'updated',
      userId: h.fixtures.staff.id,
      message: `Return ${ret.name} of order ${order.name} processed: Customer responsible, the customer bears the return.`,
      oldValues: { status: 'open', responsible: null, processed_by: null },
      newValues: { status: 'processed', responsible: 'Customer', processed_by: h.fixtures.staff.id },
    });
    const lineAudit = await h.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.propertyType, 'order line'), eq(auditEntries.propertyId, order.lineIds[0]!)),
      );
    expect(lineAudit.at(-1)).toMatchObject({
      oldValues: { status: 'delivered' },
      newValues: { status: 'return' },
    });
    // Nobody is charged when the customer or the marketplace bears it.
    expect(await notesOf(order.id)).toEqual([]);

    // Every line returned: the order is a return.
    const all = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'delivered' },
    ]);
    const whole = await createReturn(h.database.db, all, [
      { orderLineId: all.lineIds[0]!, quantity: 1, reason: 'Damaged' },
    ]);
    expect((await staff.form(url(whole.id, '/process'), { responsible: 'Bloomline' })).statusCode).toBe(200);
    expect((await orderState(h.database.db, all.id)).order.status).toBe('return');
  });

  it('answers 409 once processed, and 422 under responsible for anything but the three values', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[2]!, quantity: 1, reason: 'Late' },
    ]);
    for (const responsible of ['Nobody', 'partner', '---', 5, ['Partner']]) {
      const bad = await staff.post(url(ret.id, '/process'), { responsible });
      expect(bad.statusCode).toBe(422);
      expect(bad.json<Errors>().errors).toEqual({ responsible: [CLAIM_TEXTS.responsibleChoice] });
    }
    const missing = await staff.post(url(ret.id, '/process'), {});
    expect(Object.keys(missing.json<Errors>().errors ?? {})).toEqual(['responsible']);
    expect((await staff.post(url(ret.id, '/process'), { responsible: 'Partner' })).statusCode).toBe(200);
    const again = await staff.post(url(ret.id, '/process'), { responsible: 'Customer' });
    expect(again.statusCode).toBe(409);
    expect(again.json<Errors>().message).toBe(CLAIM_TEXTS.returnProcessed);
    expect((await staff.post(url(999999, '/process'), { responsible: 'Partner' })).statusCode).toBe(404);
  });

  it('is staff only and changes nothing for partners or guests', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged' },
    ]);
    expect((await partnerA.post(url(ret.id, '/process'), { responsible: 'Partner' })).statusCode).toBe(403);
    expect((await partnerB.post(url(ret.id, '/process'), { responsible: 'Partner' })).statusCode).toBe(403);
    expect((await h.client().post(url(ret.id, '/process'), { responsible: 'Partner' })).statusCode).toBe(401);
    expect((await staff.get(url(ret.id))).json<{ data: ReturnDetail }>().data.status).toBe('open');
    expect(await notesOf(order.id)).toEqual([]);
  });

  it('two staff at once: one 200, one 409, one set of credit notes and one e-mail', async () => {
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'delivered', valueCents: 10000 },
    ]);
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged' },
    ]);
    const other = (await h.signedIn('10.21.2')).staff;
    await h.mailsSent();
    const sent = h.outbox.length;
    const results = await Promise.all([
      staff.post(url(ret.id, '/process'), { responsible: 'Partner' }),
      other.post(url(ret.id, '/process'), { responsible: 'Partner' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // 10 000 less 25 % = 7 500 cents, once.
    expect((await notesOf(order.id)).map((n) => n.amountCents)).toEqual([7500]);
    await h.mailsSent();
    expect(h.outbox.slice(sent).filter((m) => m.subject.includes(order.name))).toHaveLength(1);
  });

  it('a deleted order line or partner never fails: no credit note for what has no partner', async () => {
    const order = await threeLines();
    const ret = await createReturn(h.database.db, order, [
      { orderLineId: order.lineIds[0]!, quantity: 1, reason: 'Damaged' },
      { orderLineId: order.lineIds[1]!, quantity: 1, reason: 'Damaged' },
    ]);
    await h.database.db.delete(orderLines).where(eq(orderLines.id, order.lineIds[1]!));
    // A partner that is gone: its lines keep no partner.
    const [gone] = await h.database.db.insert(partners).values({ name: 'Gone Florist' }).returning();
    await h.database.db
      .update(orderLines)
      .set({ partnerId: gone!.id })
      .where(eq(orderLines.id, order.lineIds[0]!));
    await h.database.db.delete(partners).where(eq(partners.id, gone!.id));
    const detail = await staff.get(url(ret.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: ReturnDetail }>().data.lines.map((l) => l.orderLine.partner)).toEqual([null]);
    const res = await staff.post(url(ret.id, '/process'), { responsible: 'Partner' });
    expect(res.statusCode).toBe(200);
    expect(await notesOf(order.id)).toEqual([]);
  });
});
afterAll(async () => (await import('../../test/money-invariants')).expectMoneyInvariants(h));
