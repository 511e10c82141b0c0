import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  LineAction,
  LineActionRule,
  LineStatus,
  OrderAction,
  OrderActionRule,
} from '@bloomline/contract';
import {
  LINE_ACTION_NAMES,
  LINE_ACTIONS,
  LINE_STATUSES,
  lineActionPath,
  lineActionsFor,
  ORDER_ACTION_NAMES,
  ORDER_ACTIONS,
  orderActionTarget,
  STATUS_ID,
} from '@bloomline/contract';

import { auditEntries, orderHistory } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder, orderState } from '../../test/orders-fixtures';

// Every action from every status, for staff, the owning partner and another partner, generated from the
// contract's workflow tables: allowed ones move the line and write history and audit; the rest change nothing.

let h: Harness;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
beforeAll(async () => {
  h = await createHarness();
  ({ staff, partnerA, partnerB } = await h.signedIn('10.1.0'));
});
afterAll(async () => h.close());

const STATUSES = LINE_STATUSES.map((s) => s.name);

async function counts(orderId: number, lineId: number) {
  const [history] = await h.database.db
    .select({ n: count() })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId));
  const [audits] = await h.database.db
    .select({ n: count() })
    .from(auditEntries)
    .where(eq(auditEntries.propertyId, lineId));
  return { history: history!.n, audit: audits!.n };
}

describe.each(ORDER_ACTION_NAMES)('order action %s', (action: OrderAction) => {
  const rule: OrderActionRule = ORDER_ACTIONS[action];
  it.each(STATUSES)('from a line that is %s', async (status: LineStatus) => {
    const a = h.fixtures.partnerA.id;
    const order = await createOrder(h.database.db, [{ partnerId: a, status }]);
    const lineId = order.lineIds[0]!;
    const url = `/api/orders/${String(order.id)}/${action}`;
    const body = action === 'reject' ? { reason: 'Store is closed' } : undefined;
    const before = await orderState(h.database.db, order.id);

    const asStaff = await staff.post(url, body);
    const asA = await partnerA.post(url, body);
    const asB = await partnerB.post(url, body);
    const allowed = rule.from.includes(status);

    if (rule.role === 'partner') {
      expect(asStaff.statusCode, 'staff use line actions').toBe(403);
      expect(asB.statusCode, 'another partner cannot see it').toBe(404);
      expect(asA.statusCode).toBe(allowed ? 200 : 409);
    } else {
      expect(asA.statusCode).toBe(403);
      expect(asB.statusCode).toBe(403);
      expect(asStaff.statusCode).toBe(allowed ? 200 : 409);
    }

    const after = await orderState(h.database.db, order.id);
    const line = after.lines[0]!;
    if (allowed) {
      const target = orderActionTarget(action, status)!;
      const expected = target === 'previous' ? 'accepted' : target;
      expect(line.status).toBe(expected);
      expect(line.partnerId).toBe('clearsPartner' in rule && rule.clearsPartner ? null : a);
      expect(after.order.status).toBe(expected);
      const c = await counts(order.id, lineId);
      expect(c.history).toBe(1);
      expect(c.audit).toBe(1);
      const [entry] = await h.database.db
        .select()
        .from(orderHistory)
        .where(eq(orderHistory.orderId, order.id));
      expect(entry!.status).toBe(STATUS_ID[expected]);
      if (action === 'reject') expect(entry!.reason).toBe('Store is closed');
    } else {
      expect(after.lines).toEqual(before.lines);
      expect(after.order.status).toBe(before.order.status);
      expect(await counts(order.id, lineId)).toEqual({ history: 0, audit: 0 });
      const refused = rule.role === 'partner' ? asA : asStaff;
      expect(refused.json<{ message: string }>().message).toContain(status);
    }
  });
});

describe.each(LINE_ACTION_NAMES)('line action %s', (action: LineAction) => {
  const rule: LineActionRule = LINE_ACTIONS[action];
  const cases = STATUSES.flatMap((status) => [
    { status, hasPartner: true },
    { status, hasPartner: false },
  ]);
  it.each(cases)('from a line that is $status (partner: $hasPartner)', async ({ status, hasPartner }) => {
    const a = h.fixtures.partnerA.id;
    const order = await createOrder(h.database.db, [{ partnerId: hasPartner ? a : null, status }]);
    const lineId = order.lineIds[0]!;
    const url = lineActionPath(action, lineId);
    const body = {
      ...(rule.idInBody ? { id: lineId } : {}),
      ...(action === 'reject' ? { reason: 'No driver today' } : {}),
      ...(action === 'assign' ? { partner_id: h.fixtures.partnerB.id } : {}),
    };
    const before = await orderState(h.database.db, order.id);

    expect((await partnerA.post(url, body)).statusCode, 'line actions are staff-only').toBe(403);
    expect((await partnerB.post(url, body)).statusCode).toBe(403);
    const res = await staff.post(url, body);
    const allowed = lineActionsFor({ status, hasPartner }).includes(action);
    expect(res.statusCode).toBe(allowed ? 200 : 409);

    const after = await orderState(h.database.db, order.id);
    const line = after.lines[0]!;
    if (allowed) {
      const expected = rule.to === 'previous' ? 'accepted' : rule.to;
      expect(line.status).toBe(expected);
      if (action === 'assign') expect(line.partnerId).toBe(h.fixtures.partnerB.id);
      else if ('clearsPartner' in rule && rule.clearsPartner) expect(line.partnerId).toBeNull();
      else expect(line.partnerId).toBe(before.lines[0]!.partnerId);
      expect(await counts(order.id, lineId)).toEqual({ history: 1, audit: 1 });
      expect(res.json<{ data: { status: string } }>().data.status).toBe(expected);
    } else {
      expect(after.lines).toEqual(before.lines);
      expect(await counts(order.id, lineId)).toEqual({ history: 0, audit: 0 });
    }
  });
});

describe('refusals that come before the workflow', () => {
  it('answers 401 signed out, 404 for a missing order or line, and 422 for a missing reason', async () => {
    const guest = h.client('10.1.0.9');
    await guest.csrf();
    expect((await guest.post('/api/orders/1/accept')).statusCode).toBe(401);
    expect((await partnerA.post('/api/orders/999999/accept')).statusCode).toBe(404);
    expect((await partnerA.post('/api/orders/not-a-number/accept')).statusCode).toBe(404);
    expect((await staff.post('/api/accept-order-line', { id: 999999 })).statusCode).toBe(404);
    const order = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    const missing = await partnerA.post(`/api/orders/${String(order.id)}/reject`, { reason: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      'Reason is required.',
    ]);
    const noPartner = await staff.post(`/api/reassign-order-line/${String(order.lineIds[0])}`, {
      partner_id: 987654,
    });
    expect(noPartner.statusCode).toBe(422);
    expect(noPartner.json<{ errors: Record<string, string[]> }>().errors.partner_id).toEqual([
      'Choose a valid partner.',
    ]);
  });

  it('takes an empty JSON body as no payload, and answers 400 for a body that is not JSON', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    const json = { 'content-type': 'application/json' };
    const accepted = await partnerA.request('POST', `/api/orders/${String(order.id)}/accept`, '', json);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ data: { status: string } }>().data.status).toBe('accepted');
    for (const body of ['{"reason":', '{"reason":"x","__proto__":{"admin":true}}']) {
      const refused = await partnerA.request('POST', `/api/orders/${String(order.id)}/reject`, body, json);
      expect(refused.statusCode, body).toBe(400);
    }
    expect((await orderState(h.database.db, order.id)).order.status).toBe('accepted');
  });

  it('tells the new partner by e-mail when a line is assigned to them', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    await h.mailsSent();
    const sent = h.outbox.length;
    const res = await staff.post(`/api/reassign-order-line/${String(order.lineIds[0])}`, {
      partner_id: h.fixtures.partnerB.id,
    });
    expect(res.statusCode).toBe(200);
    await h.mailsSent();
    const mail = h.outbox.slice(sent).find((m) => m.to === 'florist2@example.com');
    expect(mail?.subject).toContain(order.name);
    // And the partner now sees it.
    expect((await partnerB.get(`/api/orders/${String(order.id)}`)).statusCode).toBe(200);
  });
});

describe('two people acting at once', () => {
  it('lets exactly one of two accepts of the same line win', async () => {
    const order = await createOrder(h.database.db, [{ partnerId: h.fixtures.partnerA.id, status: 'open' }]);
    const lineId = order.lineIds[0]!;
    const [x, y] = await Promise.all([
      staff.post('/api/accept-order-line', { id: lineId }),
      partnerA.post(`/api/orders/${String(order.id)}/accept`),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await counts(order.id, lineId)).toEqual({ history: 1, audit: 1 });
  });
});
