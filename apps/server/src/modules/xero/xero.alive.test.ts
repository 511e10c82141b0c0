import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { XeroContact } from '@bloomline/contract';

import { xeroConnections } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import { capturedLog, connectXero, XERO_CALLBACK, xeroEnv, xeroReads } from '../../test/xero-flow';
import {
  startXeroStandIn,
  XERO_ACTIVE_CONTACTS,
  XERO_CLIENT,
  XERO_CONTACTS,
  XERO_TENANT_NAME,
} from '../../test/xero-stand-in';
import type { XeroStandIn } from '../../test/xero-stand-in';
import { createXeroService, XERO_MESSAGES } from './xero.service';

// Keeping the accounting connection (Xero) alive against the local stand-in: refresh before expiry and on a
// 401 with the rotated refresh token stored, one refresh for many callers (in one process and across two),
// invalid_grant marking the connection expired, the 429 rule, a stand-in that hangs, and disconnecting.

let h: Harness;
let xero: XeroStandIn;
let staff: TestClient;
const log = capturedLog();
type Errors = { message: string };
const { connection, storedRows, xeroAudit } = xeroReads(
  () => h,
  () => staff,
);

/** Makes the stored access token due for a refresh (one minute left). */
const nearExpiry = () =>
  h.database.db.update(xeroConnections).set({ expiresAt: new Date(Date.now() + 60_000) });

beforeAll(async () => {
  xero = await startXeroStandIn();
  h = await createHarness({
    env: { ...xeroEnv(xero), XERO_TIMEOUT_SECONDS: '0.5' },
    logger: log.logger,
  });
  ({ staff } = await h.signedIn('10.9.44'));
  expect((await connectXero(staff)).headers.location).toBe('/system/xero');
});
afterAll(async () => {
  await h.close();
  await xero.close();
});
beforeEach(() => {
  Object.assign(xero, { hang: false, down: false, omitRefreshToken: false, delayMs: 0, rateLimit: null });
});

describe('keeping the connection alive', () => {
  it('refreshes shortly before expiry and stores the rotated refresh token (the next refresh works)', async () => {
    const { refresh_token: grants, refused } = xero.grants;
    const [before] = await storedRows();
    await nearExpiry();
    expect((await staff.get('/api/xero-contacts')).statusCode).toBe(200);
    expect(xero.grants.refresh_token).toBe(grants + 1);
    const [after] = await storedRows();
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    // The stand-in refuses a spent refresh token: a second refresh succeeds only with the stored new one.
    await nearExpiry();
    expect((await staff.get('/api/xero-contacts')).statusCode).toBe(200);
    expect(xero.grants).toMatchObject({ refresh_token: grants + 2, refused });
  });

  it('refreshes once when the API answers 401 to the access token, and asks again', async () => {
    const grants = xero.grants.refresh_token;
    xero.expireAccessTokens();
    const res = await staff.get('/api/xero-contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: XeroContact[] }>().data).toHaveLength(XERO_ACTIVE_CONTACTS);
    expect(xero.grants.refresh_token).toBe(grants + 1);
  });

  it('refreshes once for many requests at once', async () => {
    const { refresh_token: grants, refused } = xero.grants;
    xero.delayMs = 50;
    await nearExpiry();
    const answers = await Promise.all(Array.from({ length: 8 }, () => staff.get('/api/xero-contacts')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(xero.grants).toMatchObject({ refresh_token: grants + 1, refused });
    // Never more than Xero's five calls in flight.
    expect(xero.peakInFlight).toBeLessThanOrEqual(5);
  });

  it('refreshes once across two server processes (the row lock), each with its own in-process sharing', async () => {
    const { refresh_token: grants, refused } = xero.grants;
    xero.delayMs = 100;
    const config = xeroEnvSettings();
    const one = createXeroService({ db: h.database.db, xero: config, secret: undefined });
    const two = createXeroService({ db: h.database.db, xero: config, secret: undefined });
    await nearExpiry();
    const [a, b] = await Promise.all([
      one.contact(XERO_CONTACTS.rose.ContactID),
      two.contact(XERO_CONTACTS.bloom.ContactID),
    ]);
    expect([a, b]).toEqual([XERO_CONTACTS.rose, XERO_CONTACTS.bloom]);
    expect(xero.grants).toMatchObject({ refresh_token: grants + 1, refused });
  });

  it('a 429 is waited for (Retry-After of at most 10 s) and retried once', async () => {
    xero.rateLimit = { times: 1, retryAfter: '1' };
    const started = Date.now();
    const res = await staff.get(`/api/xero-contacts`);
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('a longer Retry-After, or a second 429, is a 503 naming the wait', async () => {
    xero.rateLimit = { times: 1, retryAfter: '120' };
    const long = await staff.get('/api/xero-contacts');
    expect([long.statusCode, long.json<Errors>().message, long.headers['retry-after']]).toEqual([
      503,
      XERO_MESSAGES.rateLimited('2 minutes'),
      '120',
    ]);
    xero.rateLimit = { times: 2, retryAfter: '1' };
    const twice = await staff.get('/api/xero-contacts');
    expect([twice.statusCode, twice.json<Errors>().message]).toEqual([
      503,
      XERO_MESSAGES.rateLimited('1 second'),
    ]);
  });

  it('a stand-in that hangs or fails is a clear 503, and the connection stays', async () => {
    xero.hang = true;
    const hung = await staff.get('/api/xero-contacts');
    expect([hung.statusCode, hung.json<Errors>().message]).toEqual([503, XERO_MESSAGES.unreachable]);
    xero.hang = false;
    xero.down = true;
    const down = await staff.get('/api/xero-contacts');
    expect([down.statusCode, down.json<Errors>().message]).toEqual([503, XERO_MESSAGES.unreachable]);
    expect(await connection()).toMatchObject({ connected: true, expired: false });
  });

  it('a refresh refused with invalid_grant marks the connection expired, audited, until connected again', async () => {
    xero.revokeGrant();
    xero.expireAccessTokens();
    const refused = xero.grants.refused;
    const res = await staff.get('/api/xero-contacts');
    expect([res.statusCode, res.json<Errors>().message]).toEqual([503, XERO_MESSAGES.expired]);
    expect(await connection()).toMatchObject({
      connected: false,
      expired: true,
      tenantName: XERO_TENANT_NAME,
    });
    expect((await xeroAudit()).at(-1)).toMatchObject({ userId: null, event: 'expired' });
    // Expired is known without asking Xero again.
    await staff.get('/api/xero-contacts');
    expect(xero.grants.refused).toBe(refused + 1);

    expect((await connectXero(staff)).headers.location).toBe('/system/xero');
    expect(await connection()).toMatchObject({ connected: true, expired: false });
    expect(await storedRows()).toHaveLength(1);
  });
});

describe('disconnecting', () => {
  it('revokes the refresh token, forgets the connection and audits who did it', async () => {
    const revoked = xero.revoked.length;
    const res = await staff.delete('/api/xero/connection');
    expect(res.statusCode).toBe(204);
    expect(xero.revoked).toHaveLength(revoked + 1);
    expect(xero.issued).toContain(xero.revoked.at(-1));
    expect(await connection()).toEqual({
      connected: false,
      tenantName: null,
      connectedAt: null,
      expired: false,
    });
    expect((await xeroAudit()).at(-1)).toMatchObject({
      userId: h.fixtures.staff.id,
      event: 'disconnected',
      message: `Accounting connection to ${XERO_TENANT_NAME} disconnected.`,
    });
    const contacts = await staff.get('/api/xero-contacts');
    expect([contacts.statusCode, contacts.json<Errors>().message]).toEqual([503, XERO_MESSAGES.notConnected]);
    // After a disconnect it is not "not connected yet" (issue 36).
    expect(contacts.json<Errors>().message).toBe(
      'The accounting connection (Xero) is not connected. Connect Xero first.',
    );
    expect((await staff.delete('/api/xero/connection')).statusCode).toBe(204);
  });
});

describe('secrets', () => {
  it('no token, code, state or verifier in any log line', () => {
    const text = log.lines.join('');
    expect(text).toContain('/xero/auth/callback');
    expect(xero.issued.length).toBeGreaterThan(1);
    for (const t of xero.issued) expect(text).not.toContain(t);
    expect(text).not.toMatch(/code-[\w-]{10}|state=|code_verifier/);
  });
});

/** The settings the harness's app runs with, for services built beside it. */
function xeroEnvSettings() {
  return {
    clientId: XERO_CLIENT.id,
    clientSecret: XERO_CLIENT.secret,
    redirectUri: `http://localhost:3000${XERO_CALLBACK}`,
    loginUrl: xero.loginUrl,
    identityUrl: xero.url,
    apiUrl: xero.url,
    timeoutMs: 2000,
  };
}
