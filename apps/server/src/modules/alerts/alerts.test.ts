import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { pushMessage } from '@bloomline/contract';

import { orders, pushKeys, pushSubscriptions } from '../../db/schema';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { json } from '../../test/client';
import type { TestClient } from '../../test/client';
import { sendShopOrder } from '../../test/intake-fixtures';
import { createOrder } from '../../test/orders-fixtures';
import { aDevice, startPushStandIn } from '../../test/push-stand-in';
import { allowedEndpoint } from './alerts.service';

let h: Harness;
let standIn: Awaited<ReturnType<typeof startPushStandIn>>;
let staff: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;

const SUBSCRIPTIONS = '/api/notifications/subscriptions';

beforeAll(async () => {
  standIn = await startPushStandIn();
  h = await createHarness({ env: { PUSH_ENDPOINT_HOSTS: standIn.host } });
  ({ staff, partnerA, partnerB } = await h.signedIn('10.25.0'));
});
afterAll(async () => {
  await h.close();
  await standIn.close();
});
beforeEach(async () => {
  await h.database.db.delete(pushSubscriptions);
  standIn.received.length = 0;
  standIn.statuses.clear();
});

/**
 * What the stand-in received at this path once the alerts the last change started have gone out: they are sent
 * in the background, so this waits until `expected` messages arrived (at most 5 s) and then a moment more, so a
 * message too many would be seen too.
 */
async function sentTo(path: string, expected = 1) {
  const at = () => standIn.received.filter((r) => r.path === path);
  const until = Date.now() + 5_000;
  while (at().length < expected && Date.now() < until) await pause(50);
  await pause(300);
  return at();
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stored = () => h.database.db.select().from(pushSubscriptions);

async function subscribe(client: TestClient, name: string) {
  const device = aDevice(standIn.host, name);
  const res = await client.post(SUBSCRIPTIONS, device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  return { ...device, id: json<{ data: { id: number } }>(res).data.id };
}

/** An order sent through the shop's door with an API key: its lines come in unassigned. */
const shopOrder = (lines: number) => sendShopOrder(h, staff, lines);

async function assign(lineId: number, partnerId: number) {
  const res = await staff.post(`/api/reassign-order-line/${String(lineId)}`, { partner_id: partnerId });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the VAPID key', () => {
  it('is made once, kept in the database, and given to any signed-in user', async () => {
    const first = json<{ data: { publicKey: string } }>(await partnerA.get('/api/notifications/public-key'));
    const again = json<{ data: { publicKey: string } }>(await staff.get('/api/notifications/public-key'));
    expect(Buffer.from(first.data.publicKey, 'base64url')).toHaveLength(65);
    expect(again.data.publicKey).toBe(first.data.publicKey);
    expect(await h.database.db.select().from(pushKeys)).toHaveLength(1);
    expect((await h.client().get('/api/notifications/public-key')).statusCode).toBe(401);
  });
});

describe('subscriptions', () => {
  it('are a partner user’s; staff 403, signed out 401', async () => {
    const device = aDevice(standIn.host, 'staff');
    expect((await staff.post(SUBSCRIPTIONS, device.subscription)).statusCode).toBe(403);
    expect((await h.client().post(SUBSCRIPTIONS, device.subscription)).statusCode).toBe(401);
    expect(await stored()).toHaveLength(0);
  });

  it('refuse a foreign or malformed endpoint, bad keys and a huge body, storing nothing', async () => {
    const good = aDevice(standIn.host, 'good').subscription;
    const hostile: [string, unknown, number, string?][] = [
      ['a foreign host', { ...good, endpoint: 'https://evil.example.com/push/1' }, 422, 'endpoint'],
      ['the app itself', { ...good, endpoint: 'http://localhost:3000/api/logout' }, 422, 'endpoint'],
      ['a private address', { ...good, endpoint: 'https://169.254.169.254/latest' }, 422, 'endpoint'],
      [
        'http on a push service',
        { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
        422,
        'endpoint',
      ],
      ['another port', { ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 422, 'endpoint'],
      ['a look-alike host', { ...good, endpoint: 'https://fcm.googleapis.com.evil.io/x' }, 422, 'endpoint'],
      ['credentials', { ...good, endpoint: 'https://u:p@fcm.googleapis.com/fcm/send/x' }, 422, 'endpoint'],
      ['not a URL', { ...good, endpoint: 'not a url' }, 422, 'endpoint'],
      ['javascript:', { ...good, endpoint: 'javascript:alert(1)' }, 422, 'endpoint'],
      ['no endpoint', { keys: good.keys }, 422, 'endpoint'],
      [
        'an endpoint too long',
        { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1100)}` },
        422,
        'endpoint',
      ],
      ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: 'BAAA' } }, 422, 'keys.p256dh'],
      [
        'a compressed p256dh',
        { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
        422,
        'keys.p256dh',
      ],
      [
        'p256dh not base64url',
        { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 80)}!!!!!!!` } },
        422,
        'keys.p256dh',
      ],
      [
        'a long auth',
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } },
        422,
        'keys.auth',
      ],
      ['auth a number', { ...good, keys: { ...good.keys, auth: 5 } }, 422, 'keys.auth'],
      ['no keys', { endpoint: good.endpoint }, 422, 'keys'],
      ['a huge body', { ...good, padding: 'x'.repeat(100_000) }, 413],
    ];
    for (const [what, body, status, field] of hostile) {
      const res = await partnerA.post(SUBSCRIPTIONS, body);
      expect(res.statusCode, what).toBe(status);
      if (field) expect(Object.keys(json<{ errors: object }>(res).errors), what).toContain(field);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('accept the browsers’ push services only', () => {
    const none: string[] = [];
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=x',
    ])
      expect(allowedEndpoint(ok, none), ok).toBe(true);
    for (const bad of [
      'https://push.apple.com.evil.io/x',
      'https://notify.windows.com/x',
      'ftp://fcm.googleapis.com/x',
    ])
      expect(allowedEndpoint(bad, none), bad).toBe(false);
  });

  it('re-subscribing one endpoint moves the device to the user now signed in on it', async () => {
    const device = aDevice(standIn.host, 'shared-phone');
    const first = json<{ data: { id: number } }>(await partnerA.post(SUBSCRIPTIONS, device.subscription));
    const second = json<{ data: { id: number } }>(await partnerB.post(SUBSCRIPTIONS, device.subscription));
    expect(second.data.id).toBe(first.data.id);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(h.fixtures.userB.id);
  });

  it('are deleted by their owner only: another user’s id is 404 and stays', async () => {
    const mine = await subscribe(partnerA, 'a-phone');
    expect((await partnerB.delete(`${SUBSCRIPTIONS}/${String(mine.id)}`)).statusCode).toBe(404);
    expect((await staff.delete(`${SUBSCRIPTIONS}/${String(mine.id)}`)).statusCode).toBe(403);
    expect((await partnerA.delete(`${SUBSCRIPTIONS}/abc`)).statusCode).toBe(404);
    expect(await stored()).toHaveLength(1);
    expect((await partnerA.delete(`${SUBSCRIPTIONS}/${String(mine.id)}`)).statusCode).toBe(204);
    expect(await stored()).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('start on, change per user, and refuse what is not a yes or no', async () => {
    expect(json(await partnerA.get('/api/notifications/preferences'))).toEqual({
      data: { alerts: true, sound: true },
    });
    const put = await partnerA.put('/api/notifications/preferences', { sound: false });
    expect(json(put)).toEqual({ data: { alerts: true, sound: false } });
    expect(json(await partnerB.get('/api/notifications/preferences'))).toEqual({
      data: { alerts: true, sound: true },
    });
    const bad = await partnerA.put('/api/notifications/preferences', { alerts: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect((await staff.get('/api/notifications/preferences')).statusCode).toBe(403);
    expect((await h.client().get('/api/notifications/preferences')).statusCode).toBe(401);
    await partnerA.put('/api/notifications/preferences', { sound: true });
  });
});

describe('new-order alerts', () => {
  it('reach the partner’s devices, encrypted for each, and decrypt to the payload the service worker reads', async () => {
    const phone = await subscribe(partnerA, 'a-phone-1');
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    await assign(order.lineIds[0]!, h.fixtures.partnerA.id);
    const [received] = await sentTo(phone.path);
    expect(received).toBeDefined();
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(received!.headers.urgency).toBe('high');
    expect(received!.body.includes(Buffer.from('New order'))).toBe(false);
    const payload = pushMessage.parse(phone.decrypt(received!.body));
    expect(payload).toEqual({
      title: `New order ${order.name}`,
      body: '1 item for Protea Petals. Tap to open and accept.',
      url: `/order/${String(order.id)}`,
      tag: `order-${String(order.id)}`,
    });
    const [row] = await stored();
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it('go to the partner the line is given to, never to another partner', async () => {
    const a = await subscribe(partnerA, 'a-phone-2');
    const b = await subscribe(partnerB, 'b-phone-2');
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    await assign(order.lineIds[0]!, h.fixtures.partnerB.id);
    expect(await sentTo(b.path)).toHaveLength(1);
    expect(await sentTo(a.path, 0)).toHaveLength(0);
  });

  it('are one per staff action, and none for a refused one or with alerts turned off', async () => {
    const a = await subscribe(partnerA, 'a-phone-3');
    const order = await createOrder(h.database.db, [
      { partnerId: null, status: 'open' },
      { partnerId: null, status: 'open' },
    ]);
    await assign(order.lineIds[0]!, h.fixtures.partnerA.id);
    expect(await sentTo(a.path)).toHaveLength(1);
    // Assigning the same line to the same partner again is refused (409): no second alert.
    const again = await staff.post(`/api/reassign-order-line/${String(order.lineIds[0]!)}`, {
      partner_id: h.fixtures.partnerA.id,
    });
    expect(again.statusCode).toBe(409);
    expect(await sentTo(a.path)).toHaveLength(1);
    await partnerA.put('/api/notifications/preferences', { alerts: false });
    await assign(order.lineIds[1]!, h.fixtures.partnerA.id);
    expect(await sentTo(a.path)).toHaveLength(1);
    await partnerA.put('/api/notifications/preferences', { alerts: true });
  });

  it('remove a subscription the push service reports gone (410)', async () => {
    const gone = await subscribe(partnerA, 'a-old-phone');
    const live = await subscribe(partnerA, 'a-new-phone');
    standIn.statuses.set(gone.path, 410);
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    await assign(order.lineIds[0]!, h.fixtures.partnerA.id);
    expect(await sentTo(gone.path)).toHaveLength(1);
    expect(await sentTo(live.path)).toHaveLength(1);
    expect((await stored()).map((s) => s.id)).toEqual([live.id]);
  });

  it('do not fail the request when the push service does', async () => {
    const a = await subscribe(partnerA, 'a-broken');
    standIn.statuses.set(a.path, 500);
    const order = await createOrder(h.database.db, [{ partnerId: null, status: 'open' }]);
    await assign(order.lineIds[0]!, h.fixtures.partnerA.id);
    expect(await sentTo(a.path)).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });
});

describe('a bulk assign (issue 40)', () => {
  it('rings each partner once for all the orders it gives them', async () => {
    const a = await subscribe(partnerA, 'a-bulk');
    const b = await subscribe(partnerB, 'b-bulk');
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await createOrder(h.database.db, [
          { partnerId: null, status: 'open' },
          { partnerId: null, status: 'open' },
        ]),
      );
    const res = await staff.post('/api/orders/bulk', {
      action: 'assign',
      ids: made.map((o) => o.id),
      partnerId: h.fixtures.partnerA.id,
    });
    expect(res.statusCode).toBe(200);
    const sent = await sentTo(a.path);
    expect(sent).toHaveLength(1);
    expect(pushMessage.parse(a.decrypt(sent[0]!.body))).toEqual({
      title: '3 new orders',
      body: '6 items for Protea Petals. Tap to open and accept.',
      url: '/orders/open',
      tag: 'new-orders',
    });
    expect(await sentTo(b.path, 0)).toHaveLength(0);
  });
});

describe("an order from the shop's door (npm run demo:new-order's path)", () => {
  it('rings nobody as it comes in unassigned, and the partner once when staff assign its lines', async () => {
    const a = await subscribe(partnerA, 'a-intake');
    const order = await shopOrder(2);
    expect(await sentTo(a.path)).toHaveLength(0);
    for (const line of order.lines) await assign(line.id, h.fixtures.partnerA.id);
    const sent = await sentTo(a.path);
    // One alert per assignment of a line: two lines given one after the other.
    expect(sent.map((m) => pushMessage.parse(a.decrypt(m.body)).title)).toEqual([
      `New order ${order.name}`,
      `New order ${order.name}`,
    ]);
    const [stored] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe('open');
    const list = json<{ data: { id: number }[] }>(await partnerA.get('/api/orders?filter=open'));
    expect(list.data.map((o) => o.id)).toContain(order.id);
  });
});
