import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../../db/schema';
import { isSessionPath } from '../../plugins/session';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';
import { cookieNames, sessionRowCount } from '../../test/session-checks';

// The session plugin as a hostile client meets it: the CSRF check on every encoding of every state-changing
// route, both cookies on every answer, and the statuses each route documents (issue 8, items 5, 6 and 14;
// issue 9, section 4).

// The florist app of the original API looks for this cookie name; these tests run the way it is served.
const COOKIE = 'bloomable_session';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { SESSION_COOKIE: COOKIE } });
});
afterAll(async () => h.close());

const sessionRows = () => sessionRowCount(h.database.db);

interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}
const openApi = async () => (await h.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();

/**
 * Every state-changing session route of the API, as `[METHOD, path with its ids filled in, whether it needs a
 * signed-in user]` (it documents a 401). The shop's door (`/api/intake/…`) takes an API key, not a session.
 */
async function stateChangingRoutes(): Promise<[string, string, boolean][]> {
  const doc = await openApi();
  return Object.entries(doc.paths)
    .filter(([path]) => isSessionPath(path))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]): [string, string, boolean] => [
          m.toUpperCase(),
          path.replace(/\{[^}]+\}/g, '1'),
          '401' in op.responses,
        ]),
    );
}

/** The path with every letter of its first segment percent-encoded, as the router still reads it. */
const encoded = (path: string, all = false) =>
  path.replace(
    /^\/([a-z]+)/,
    (_m, seg: string) =>
      `/${[...seg].map((ch, i) => (all || i === 0 ? `%${ch.charCodeAt(0).toString(16)}` : ch)).join('')}`,
  );

describe('the CSRF check (issue 8, items 5 and 6)', () => {
  it('answers 419, not 500, to a malformed percent-encoding in either token header', async () => {
    const { staff } = await h.signedIn('10.8.5');
    const routes = await stateChangingRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const header of ['x-xsrf-token', 'x-csrf-token']) {
      for (const value of ['%', '%zz', 'abc%', `${staff.xsrf!}%`]) {
        for (const [method, url] of routes) {
          const res = await h.app.inject({
            method: method as 'POST',
            url,
            remoteAddress: staff.ip,
            cookies: { [COOKIE]: staff.cookies.get(COOKIE)! },
            headers: { [header]: value },
            payload: {},
          });
          expect([method, url, header, value, res.statusCode]).toEqual([method, url, header, value, 419]);
          expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
        }
      }
    }
    // A percent-encoded copy of the right token is still the right token (Laravel decodes the header).
    const token = [...staff.xsrf!].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    expect((await staff.post('/api/logout', {}, { 'x-xsrf-token': token })).statusCode).toBe(204);
  });

  it('refuses a cross-site sign-in through an encoded path: no cookie, no token, form body', async () => {
    const before = await sessionRows();
    for (const url of [
      '/%61pi/login',
      '/%61%70%69/login',
      '/api/%6cogin',
      '/%61pi/%6c%6f%67%69%6e',
      '/api%2Flogin',
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.8.6.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=admin%40example.com&password=password',
      });
      expect([url, res.statusCode]).toEqual([url, 419]);
      expect(res.cookies.find((c) => c.name === COOKIE && c.value)).toBeDefined(); // a guest's, not a user's
    }
    for (const url of ['/%61pi/logout', '/%61pi/forgot-password']) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=admin%40example.com',
      });
      expect([url, res.statusCode]).toEqual([url, 419]);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('answers 419 to every encoded variant of every state-changing route, signed out and signed in', async () => {
    const { partnerA } = await h.signedIn('10.8.7');
    for (const [method, url, needsUser] of await stateChangingRoutes()) {
      for (const path of [encoded(url), encoded(url, true)]) {
        // Signed out, a route that needs a user answers 401 before any CSRF check (DECISIONS.md "Session").
        const guest = await h.app.inject({ method: method as 'POST', url: path, payload: {} });
        expect([method, path, guest.statusCode]).toEqual([method, path, needsUser ? 401 : 419]);
        const noToken = await h.app.inject({
          method: method as 'POST',
          url: path,
          cookies: { [COOKIE]: partnerA.cookies.get(COOKIE)! },
          payload: {},
        });
        expect([method, path, noToken.statusCode]).toEqual([method, path, 419]);
      }
    }
  });

  it('reads encoded paths as the router does elsewhere too (405 on a known path)', async () => {
    const res = await h.client().get('/%61pi/login');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(cookieNames(res)).toEqual([COOKIE, 'XSRF-TOKEN'].sort());
  });
});

describe('the contract of every answer (issue 8, item 14)', () => {
  it('lists in the OpenAPI document every status a route answers', async () => {
    const doc = await openApi();
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/login', 'post')).toEqual(
      expect.arrayContaining(['200', '406', '419', '422', '429']),
    );
    expect(statuses('/api/orders', 'get')).toEqual(expect.arrayContaining(['200', '401', '422']));
    expect(statuses('/api/orders/{id}', 'get')).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
    expect(statuses('/api/logout', 'post')).toEqual(expect.arrayContaining(['204', '419']));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const got = Object.keys(op.responses);
        const want = [
          ...(['post', 'put', 'patch', 'delete'].includes(method) && isSessionPath(path) ? ['419'] : []),
          ...(path.includes('{') ? ['404', '422'] : []),
        ];
        expect([method, path, got]).toEqual([method, path, expect.arrayContaining(want)]);
      }
    }
    // A staff-only route names 403 as well.
    const staffOnly = Object.entries(doc.paths).filter(([, ops]) =>
      Object.values(ops).some((op) => '403' in op.responses),
    );
    expect(staffOnly.length).toBeGreaterThan(0);
  });

  it("answers Fastify's own refusals in the { message } shape", async () => {
    const { staff } = await h.signedIn('10.14.1');
    const only = (res: LightMyRequestResponse) => [res.statusCode, Object.keys(res.json<object>())];
    expect(only(await staff.get('/api/orders/%'))).toEqual([400, ['message']]);
    expect(only(await staff.get(`/api/orders/${'9'.repeat(200)}`))).toEqual([414, ['message']]);
    const json = { 'content-type': 'application/json' };
    expect(only(await staff.post('/api/forgot-password', '{"email":', json))).toEqual([400, ['message']]);
    expect(
      only(await staff.post('/api/forgot-password', '<email/>', { 'content-type': 'application/xml' })),
    ).toEqual([415, ['message']]);
    const big = JSON.stringify({ email: 'a'.repeat(3 * 1024 * 1024) });
    expect(only(await staff.post('/api/forgot-password', big, json))).toEqual([413, ['message']]);
  });

  it('answers 405 with Allow on /health to other methods, like every route', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(Object.keys(res.json<object>())).toEqual(['message']);
  });

  it('marks answers on session routes Cache-Control: no-store', async () => {
    const { staff } = await h.signedIn('10.14.2');
    expect((await staff.get('/api/me')).headers['cache-control']).toBe('no-store');
    expect((await staff.get('/api/orders')).headers['cache-control']).toBe('no-store');
    expect((await h.client().get('/api/me')).headers['cache-control']).toBe('no-store');
  });
});

describe('cookies on every answer of a session route (issue 9, section 4)', () => {
  it('sends both cookies on successes and on errors alike: 422, 406, 404, 405, 409, 419, 401', async () => {
    const both = [COOKIE, 'XSRF-TOKEN'].sort();
    const guest = h.client('10.15.0.1');
    await guest.csrf();
    const bad = await guest.post('/api/login', { email: 'admin@example.com', password: 'nope' });
    expect([bad.statusCode, cookieNames(bad)]).toEqual([422, both]);
    const anon = await guest.get('/api/me');
    expect([anon.statusCode, cookieNames(anon)]).toEqual([401, both]);
    const refused = await guest.post('/api/login', {}, { 'x-xsrf-token': 'wrong' });
    expect([refused.statusCode, cookieNames(refused)]).toEqual([419, both]);

    const { staff } = await h.signedIn('10.15.1');
    const order = await createOrder(h.database.db, [
      { partnerId: h.fixtures.partnerA.id, status: 'accepted' },
    ]);
    const answers: [number, LightMyRequestResponse][] = [
      [200, await staff.get('/api/me')],
      [200, await staff.get('/api/me')],
      [406, await staff.post('/api/login', { email: 'admin@example.com', password: 'password' })],
      [404, await staff.get('/api/orders/999999')],
      [404, await staff.get('/api/no-such-thing')],
      [405, await staff.get('/api/login')],
      [409, await staff.post('/api/accept-order-line', { id: order.lineIds[0] })],
    ];
    for (const [status, res] of answers) {
      expect([res.statusCode, cookieNames(res)]).toEqual([status, both]);
      expect(res.cookies.find((c) => c.name === COOKIE)?.value).toBe(staff.cookies.get(COOKIE));
    }
  });

  it('still writes last_activity at most once a minute', async () => {
    const { partnerB } = await h.signedIn('10.15.2');
    const activity = async () =>
      (
        await h.database.db
          .select({ at: sessions.lastActivity })
          .from(sessions)
          .where(eq(sessions.userId, h.fixtures.userB.id))
      ).map((r) => r.at.getTime());
    const first = await activity();
    await new Promise((r) => setTimeout(r, 20));
    await partnerB.get('/api/me');
    await partnerB.get('/api/me');
    expect(await activity()).toEqual(first);
  });
});
