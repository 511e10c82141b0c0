import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('csrf cookie and CSRF check', () => {
  it('answers 204 and sets the XSRF-TOKEN and session cookies', async () => {
    const c = h.client();
    const res = await c.csrf();
    expect(res.statusCode).toBe(204);
    const names = res.cookies.map((k) => k.name);
    expect(names).toContain('XSRF-TOKEN');
    expect(names).toContain('bloomline_session');
    const session = res.cookies.find((k) => k.name === 'bloomline_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(res.cookies.find((k) => k.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    expect(c.xsrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('refuses a state change without the token with 419', async () => {
    const c = h.client();
    await c.csrf();
    const res = await c.post(
      '/api/login',
      { email: 'admin@example.com', password: 'password' },
      { 'x-xsrf-token': 'wrong' },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a state change with no session at all with 419', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('sign in', () => {
  it('answers 422 with the field errors when fields are missing', async () => {
    const c = h.client('10.0.0.1');
    await c.csrf();
    const res = await c.post('/api/login', { email: '', password: '' });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors.email).toEqual(['Email is required.']);
    expect(body.errors.password).toEqual(['Password is required.']);
    expect(body.message).toBe('Email is required. (and 1 more error)');
  });

  it('answers 422 on the email field for wrong credentials', async () => {
    const c = h.client('10.0.0.2');
    const res = await c.login('admin@example.com', 'not-the-password');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('signs in, rotates the session and answers the current user', async () => {
    const c = h.client('10.0.0.3');
    await c.csrf();
    const before = c.cookies.get('bloomline_session');
    const res = await c.post('/api/login', { email: 'ADMIN@example.com', password: 'password' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { email: string; isStaff: boolean } }>().data).toMatchObject({
      email: 'admin@example.com',
      isStaff: true,
    });
    const after = c.cookies.get('bloomline_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    // The pre-login session id no longer signs anybody in.
    const stale = await h.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { bloomline_session: before! },
    });
    expect(stale.statusCode).toBe(401);
    expect((await c.get('/api/me')).statusCode).toBe(200);
  });

  it('answers 406 when already signed in', async () => {
    const c = h.client('10.0.0.4');
    await c.login('admin@example.com');
    const res = await c.post('/api/login', { email: 'admin@example.com', password: 'password' });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: 'Already authenticated.' });
  });

  it('refuses a disabled user with 422 on email', async () => {
    const c = h.client('10.0.0.5');
    const res = await c.login('disabled@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'This account is disabled.',
    ]);
  });

  it('ends the sessions of a user who is disabled while signed in', async () => {
    const c = h.client('10.0.0.6');
    expect((await c.login('florist2@example.com')).statusCode).toBe(200);
    await h.database.db.update(users).set({ enabled: false }).where(eq(users.id, h.fixtures.userB.id));
    expect((await c.get('/api/me')).statusCode).toBe(401);
    await h.database.db.update(users).set({ enabled: true }).where(eq(users.id, h.fixtures.userB.id));
  });

  it('throttles the sixth failed attempt within a minute with 429, per email and address', async () => {
    const c = h.client('10.0.0.7');
    await c.csrf();
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.post('/api/login', { email: 'florist@example.com', password: 'wrong' })).statusCode,
      ).toBe(422);
    }
    const res = await c.post('/api/login', { email: 'florist@example.com', password: 'password' });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    const other = h.client('10.0.0.8');
    expect((await other.login('florist@example.com')).statusCode).toBe(200);
  });
});

describe('current user', () => {
  it('answers 401 when signed out', async () => {
    const res = await h.client().get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('gives staff every field both parts use', async () => {
    const c = h.client('10.0.1.1');
    await c.login('admin@example.com');
    const { data } = (await c.get('/api/me')).json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      id: h.fixtures.staff.id,
      name: 'Ada Admin',
      email: 'admin@example.com',
      phoneNumber: null,
      isStaff: true,
      enabled: true,
      role: { id: 2, name: 'Admin', slug: 'admin' },
      partner: null,
      permissions: {
        authenticateXero: true,
        manageXero: true,
        managePayouts: true,
        partnerStatements: false,
      },
      settings: { vat: 0.15 },
      features: { statements: true },
    });
  });

  it('gives a partner user their partner and the statements permission', async () => {
    const a = h.client('10.0.1.2');
    await a.login('florist@example.com');
    const me = (await a.get('/api/me')).json<{ data: Record<string, unknown> }>().data;
    expect(me).toMatchObject({
      isStaff: false,
      role: { id: 1, slug: 'partner' },
      partner: { id: h.fixtures.partnerA.id, name: 'Protea Petals' },
      permissions: { authenticateXero: false, manageXero: false, partnerStatements: true },
    });
    const b = h.client('10.0.1.3');
    await b.login('florist2@example.com');
    const meB = (await b.get('/api/me')).json<{ data: { permissions: { partnerStatements: boolean } } }>()
      .data;
    expect(meB.permissions.partnerStatements).toBe(false);
  });
});

describe('sign out', () => {
  it('answers 204 and the session no longer signs in', async () => {
    const c = h.client('10.0.2.1');
    await c.login('admin@example.com');
    const res = await c.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect((await c.get('/api/me')).statusCode).toBe(401);
  });

  it('ends the old session at once, even though sessions are cached for a few seconds', async () => {
    const c = h.client('10.0.2.2');
    await c.login('admin@example.com');
    const old = new Map(c.cookies);
    expect((await c.get('/api/me')).statusCode).toBe(200); // now in the session cache
    await c.post('/api/logout');
    c.cookies.clear();
    for (const [k, v] of old) c.cookies.set(k, v);
    expect((await c.get('/api/me')).statusCode).toBe(401);
  });

  it('re-sends both cookies on every answer, the same session and token', async () => {
    const c = h.client('10.0.2.3');
    const signIn = await c.login('admin@example.com');
    expect(signIn.cookies.map((k) => k.name).sort()).toEqual(['XSRF-TOKEN', 'bloomline_session']);
    const session = c.cookies.get('bloomline_session');
    const me = await c.get('/api/me');
    expect(me.cookies.map((k) => k.name).sort()).toEqual(['XSRF-TOKEN', 'bloomline_session']);
    expect(c.cookies.get('bloomline_session')).toBe(session);
    expect((await c.csrf()).cookies.map((k) => k.name)).toContain('XSRF-TOKEN');
  });
});

describe('change password', () => {
  it('needs a signed-in user', async () => {
    const c = h.client('10.0.4.1');
    await c.csrf();
    const res = await c.post('/api/change-password', {
      current_password: 'password',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 on a wrong current password, a mismatch and a short password', async () => {
    const c = h.client('10.0.4.2');
    await c.login('florist@example.com');
    const wrong = await c.post('/api/change-password', {
      current_password: 'nope',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.current_password).toEqual([
      'The password is incorrect.',
    ]);
    const mismatch = await c.post('/api/change-password', {
      current_password: 'password',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgX',
    });
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'The passwords do not match.',
    ]);
    const short = await c.post('/api/change-password', {
      current_password: 'password',
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(short.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'Password must have at least 8 characters.',
    ]);
  });

  it('changes the password, writes an audit entry, and the new one signs in', async () => {
    const c = h.client('10.0.4.3');
    await c.login('florist@example.com');
    const res = await c.post('/api/change-password', {
      current_password: 'password',
      password: 'fresh-petals',
      password_confirmation: 'fresh-petals',
    });
    expect(res.statusCode).toBe(200);
    expect((await h.client('10.0.4.4').login('florist@example.com', 'fresh-petals')).statusCode).toBe(200);
    const rows = await h.database.db.query.auditEntries.findMany();
    expect(
      rows.some(
        (r) =>
          r.propertyType === 'user' &&
          r.propertyId === h.fixtures.userA.id &&
          r.message.includes('changed their password'),
      ),
    ).toBe(true);
  });
});

describe('errors and documents', () => {
  it('answers 404 JSON for an unknown API path and 405 for a wrong method', async () => {
    const c = h.client();
    const missing = await c.get('/api/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found' });
    const wrong = await c.get('/api/login');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
  });

  it('answers health with the database state', async () => {
    const res = await h.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('publishes the OpenAPI document generated from the routes', async () => {
    const res = await h.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/logout', '/sanctum/csrf-cookie']),
    );
  });

  it('sends security headers', async () => {
    const res = await h.app.inject({ url: '/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
