import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sessions } from '../../db/schema';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { createOrder } from '../../test/orders-fixtures';

/** How often the password hash ran, counted through the real library. */
const argon = vi.hoisted(() => ({ verify: 0, hash: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verify += 1;
      return real.verify(...args);
    },
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hash += 1;
      return real.hash(...args);
    },
  };
});

// The florist app of the original API looks for this cookie name; these tests run the way it is served.
const COOKIE = 'bloomable_session';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { SESSION_COOKIE: COOKIE } });
});
afterAll(async () => h.close());

const sessionRows = async () =>
  (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions))[0]!.n;

interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}
const openApi = async () => (await h.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();

/** Every state-changing route of the API, as `[METHOD, path with its ids filled in]`. */
async function stateChangingRoutes(): Promise<[string, string][]> {
  const doc = await openApi();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m): [string, string] => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')]),
  );
}

/** The path with every letter of its first segment percent-encoded, as the router still reads it. */
const encoded = (path: string, all = false) =>
  path.replace(
    /^\/([a-z]+)/,
    (_m, seg: string) =>
      `/${[...seg].map((ch, i) => (all || i === 0 ? `%${ch.charCodeAt(0).toString(16)}` : ch)).join('')}`,
  );

const cookieNames = (res: LightMyRequestResponse) => res.cookies.map((c) => c.name).sort();

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
    for (const [method, url] of await stateChangingRoutes()) {
      for (const path of [encoded(url), encoded(url, true)]) {
        const guest = await h.app.inject({ method: method as 'POST', url: path, payload: {} });
        expect([method, path, guest.statusCode]).toEqual([method, path, 419]);
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

describe('sign-in against guessing (issue 8, item 9)', () => {
  it('spends the same work for an unknown e-mail as for a known one, on sign-in and on reset', async () => {
    // Counted, not timed (tests never assert on time): the password hash is what takes the time, so an
    // unknown address must run it exactly as often as a known one.
    const k = h.client('10.9.1.1');
    const u = h.client('10.9.2.1');
    await k.csrf();
    await u.csrf();
    const work = async (call: () => Promise<LightMyRequestResponse>) => {
      const before = { ...argon };
      const res = await call();
      return { status: res.statusCode, verify: argon.verify - before.verify, hash: argon.hash - before.hash };
    };
    const known = await work(() =>
      k.post('/api/login', { email: 'admin@example.com', password: 'wrong-pass' }),
    );
    const unknown = await work(() => u.post('/api/login', { email: 'nobody@example.com', password: 'x' }));
    expect(known).toEqual({ status: 422, verify: 1, hash: 0 });
    expect(unknown).toEqual(known);
    const reset = (email: string) => () =>
      k.post('/api/reset-password', {
        token: 'not-a-token',
        email,
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
      });
    const resetKnown = await work(reset('admin@example.com'));
    const resetUnknown = await work(reset('nobody@example.com'));
    expect(resetKnown.status).toBe(422);
    expect(resetKnown.verify + resetKnown.hash).toBeGreaterThan(0);
    expect(resetUnknown).toEqual(resetKnown);
  });

  it('answers forgot-password without waiting for the mail server', async () => {
    let sent = 0;
    const slowMail = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_COOKIE: COOKIE, DATA_DIR: '/tmp' }),
      database: h.database,
      mailer: { send: () => new Promise((resolve) => setTimeout(() => resolve(void (sent += 1)), 3000)) },
      logger: false,
    });
    try {
      const csrf = await slowMail.inject({ url: '/sanctum/csrf-cookie' });
      const cookie = (name: string) => csrf.cookies.find((c) => c.name === name)!.value;
      const started = performance.now();
      const res = await slowMail.inject({
        method: 'POST',
        url: '/api/forgot-password',
        cookies: { [COOKIE]: cookie(COOKIE) },
        headers: { 'x-xsrf-token': cookie('XSRF-TOKEN') },
        payload: { email: 'admin@example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(sent).toBe(0);
    } finally {
      await slowMail.close();
    }
  });

  it('limits failed sign-ins per client address across e-mails: 15 a minute, then 429', async () => {
    const ip = '10.9.3.1';
    const c = h.client(ip);
    await c.csrf();
    for (let i = 0; i < 15; i++) {
      const res = await c.post('/api/login', {
        email: `guess${String(i)}@example.com`,
        password: 'password',
      });
      expect([i, res.statusCode]).toEqual([i, 422]);
    }
    const blocked = await c.post('/api/login', { email: 'admin@example.com', password: 'password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await h.client('10.9.3.2').login('admin@example.com')).statusCode).toBe(200);
  });

  it('keeps the per e-mail and address limit: the sixth try at one e-mail is 429 well before 15', async () => {
    const c = h.client('10.9.4.1');
    await c.csrf();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await c.post('/api/login', { email: 'florist@example.com', password: 'wrong' })).statusCode,
      );
    }
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

describe('changing the password (issue 8, item 10)', () => {
  it("ends the user's other sessions and keeps the current one", async () => {
    const here = h.client('10.10.0.1');
    const phone = h.client('10.10.0.2');
    expect((await here.login('florist2@example.com')).statusCode).toBe(200);
    expect((await phone.login('florist2@example.com')).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    const res = await here.post('/api/change-password', {
      current_password: 'password',
      password: 'new-petals-1',
      password_confirmation: 'new-petals-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    const rows = await h.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, h.fixtures.userB.id));
    expect(rows).toHaveLength(1);
    await here.post('/api/change-password', {
      current_password: 'new-petals-1',
      password: 'password',
      password_confirmation: 'password',
    });
  });
});

describe('signed-out requests write nothing (issue 8, item 11)', () => {
  it('keeps no row for guests, yet their CSRF token works and sign-in writes one row', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 30; i++) {
      const res = await h.app.inject({ url: '/api/config', remoteAddress: '10.11.0.1' });
      expect(res.statusCode).toBe(200);
      expect(cookieNames(res)).toEqual([COOKIE, 'XSRF-TOKEN'].sort());
    }
    const c = h.client('10.11.0.2');
    const csrf = await c.csrf();
    expect(csrf.statusCode).toBe(204);
    expect(cookieNames(csrf)).toEqual([COOKIE, 'XSRF-TOKEN'].sort());
    expect(c.xsrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The guest keeps its token from answer to answer.
    const token = c.xsrf;
    await c.get('/api/config');
    expect(c.xsrf).toBe(token);
    expect((await c.post('/api/forgot-password', { email: 'nobody@example.com' })).statusCode).toBe(200);
    expect((await c.post('/api/logout')).statusCode).toBe(204);
    expect(await sessionRows()).toBe(before);

    const signIn = await c.post('/api/login', { email: 'admin@example.com', password: 'password' });
    expect(signIn.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    expect((await c.post('/api/logout')).statusCode).toBe(204);
    expect(await sessionRows()).toBe(before);
  });

  it('refuses a guest token that was not issued for the guest cookie', async () => {
    const a = h.client('10.11.1.1');
    const b = h.client('10.11.1.2');
    await a.csrf();
    await b.csrf();
    const res = await a.post(
      '/api/login',
      { email: 'admin@example.com', password: 'password' },
      { 'x-xsrf-token': b.xsrf! },
    );
    expect(res.statusCode).toBe(419);
  });

  it("accepts a guest's token at another instance of the server (no state kept in one process)", async () => {
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_COOKIE: COOKIE, DATA_DIR: '/tmp' }),
      database: h.database,
      mailer: { send: async () => undefined },
      logger: false,
    });
    try {
      const c = h.client('10.11.2.1');
      await c.csrf();
      const res = await other.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: c.ip,
        cookies: { [COOKIE]: c.cookies.get(COOKIE)! },
        headers: { 'x-xsrf-token': c.xsrf! },
        payload: { email: 'admin@example.com', password: 'password' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
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
          ...(['post', 'put', 'patch', 'delete'].includes(method) && path.startsWith('/api/') ? ['419'] : []),
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
