import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sessions } from '../../db/schema';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { cookieNames, sessionRowCount } from '../../test/session-checks';

// Sign-in and the session table against guessing and flooding: the same work for unknown e-mails, the limit
// per address, other sessions ended by a password change, and nothing written for anyone signed out
// (issue 8, items 9, 10 and 11).

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

const sessionRows = () => sessionRowCount(h.database.db);

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
