import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../db/schema';
import { createHarness } from '../test/harness';
import type { Harness } from '../test/harness';
import { forgetCachedSessions } from './session';

// DECISIONS.md "Session, sign-in and security": 401 before 419 when there is no live session, and a new
// session always gets an id the server made.

let h: Harness;
let cookieName: string;
beforeAll(async () => {
  h = await createHarness();
  const res = await h.app.inject({ url: '/sanctum/csrf-cookie' });
  cookieName = res.cookies.find((c) => c.httpOnly && c.name !== 'XSRF-TOKEN')!.name;
});
afterAll(async () => h.close());

const sessionCookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === cookieName)?.value;

describe('a route that needs a signed-in user, without a live session', () => {
  it('answers 401 Unauthenticated. before any CSRF check: no cookie, unknown cookie, ended session', async () => {
    const noCookie = await h.app.inject({ method: 'POST', url: '/api/colours', payload: { name: 'Pink' } });
    expect([noCookie.statusCode, noCookie.json()]).toEqual([401, { message: 'Unauthenticated.' }]);

    const unknown = await h.app.inject({
      method: 'DELETE',
      url: '/api/colours/1',
      headers: { cookie: `${cookieName}=made-up-by-the-client`, 'x-xsrf-token': 'whatever' },
    });
    expect(unknown.statusCode).toBe(401);

    // A guest with a valid token is refused for want of a user too.
    const guest = h.client('10.31.0.1');
    await guest.csrf();
    expect((await guest.post('/api/colours', { name: 'Pink' })).statusCode).toBe(401);
  });

  it('answers 401 once the session has run out, and the token is checked again after signing in', async () => {
    const { partnerA } = await h.signedIn('10.31.1');
    expect((await partnerA.get('/api/me')).statusCode).toBe(200);
    // Two hours and a minute idle: past the 120-minute lifetime.
    await h.database.db.execute(sql`update ${sessions} set last_activity = now() - interval '121 minutes'`);
    await forgetCachedSessions(h.database.db);
    const expired = await partnerA.post('/api/orders/1/accept');
    expect([expired.statusCode, expired.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
    expect((await partnerA.get('/api/me')).statusCode).toBe(401);

    expect((await partnerA.login(h.fixtures.userA.email)).statusCode).toBe(200);
    // With a live session a missing or wrong token is still 419.
    const wrong = await partnerA.post('/api/orders/1/accept', {}, { 'x-xsrf-token': 'wrong' });
    expect([wrong.statusCode, wrong.json()]).toEqual([419, { message: 'CSRF token mismatch.' }]);
  });

  it('leaves sign-in, forgot and reset password and sign-out at 419 without a valid token', async () => {
    for (const cookie of [undefined, `${cookieName}=made-up-by-the-client`]) {
      for (const url of ['/api/login', '/api/forgot-password', '/api/reset-password', '/api/logout']) {
        const res = await h.app.inject({
          method: 'POST',
          url,
          payload: { email: 'a@example.com', password: 'password' },
          headers: cookie ? { cookie } : {},
        });
        expect([url, cookie, res.statusCode]).toEqual([url, cookie, 419]);
      }
    }
  });
});

describe('the session id', () => {
  it('is never one the client chose: an unknown id is answered with a new, server-made one', async () => {
    for (const chosen of ['attacker-chosen-session-id', 'A'.repeat(40), 'A'.repeat(62)]) {
      const res = await h.app.inject({
        url: '/sanctum/csrf-cookie',
        headers: { cookie: `${cookieName}=${chosen}` },
      });
      expect(res.statusCode).toBe(204);
      const given = sessionCookieOf(res);
      expect(given).toBeTruthy();
      expect(given).not.toBe(chosen);
      // The same happens on a route that needs a user and on an error.
      const me = await h.app.inject({ url: '/api/me', headers: { cookie: `${cookieName}=${chosen}` } });
      expect(me.statusCode).toBe(401);
      expect(sessionCookieOf(me)).not.toBe(chosen);
    }
  });

  it('that the server made is kept while the visitor is a guest, and replaced on sign-in', async () => {
    const c = h.client('10.31.2.1');
    await c.csrf();
    const guestId = c.cookies.get(cookieName);
    const xsrf = c.xsrf;
    await c.csrf();
    expect([c.cookies.get(cookieName), c.xsrf]).toEqual([guestId, xsrf]);
    expect(
      (await c.post('/api/login', { email: h.fixtures.userA.email, password: 'password' })).statusCode,
    ).toBe(200);
    expect(c.cookies.get(cookieName)).not.toBe(guestId);
    expect((await c.get('/api/me')).statusCode).toBe(200);
  });

  it('of an ended session is not taken back as a guest id', async () => {
    const c = h.client('10.31.3.1');
    await c.login(h.fixtures.userB.email);
    const ended = c.cookies.get(cookieName)!;
    await h.database.db.delete(sessions);
    await forgetCachedSessions(h.database.db);
    const res = await h.app.inject({
      url: '/sanctum/csrf-cookie',
      headers: { cookie: `${cookieName}=${ended}` },
    });
    expect(sessionCookieOf(res)).not.toBe(ended);
  });
});
