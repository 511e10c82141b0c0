import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ROLE_IDS } from '@bloomline/contract';
import type { XeroContact } from '@bloomline/contract';

import { settings, users, xeroOauthStates } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import {
  answerAuthorisation,
  capturedLog,
  connectXero,
  XERO_CALLBACK,
  xeroEnv,
  xeroReads,
} from '../../test/xero-flow';
import {
  startXeroStandIn,
  XERO_ACTIVE_CONTACTS,
  XERO_CLIENT,
  XERO_CONTACTS,
  XERO_TENANT,
  XERO_TENANT_NAME,
} from '../../test/xero-stand-in';
import type { XeroStandIn } from '../../test/xero-stand-in';
import { XERO_MESSAGES } from './xero.service';

// Connecting the accounting service (Xero) against the local stand-in: who may, the authorisation-code flow
// with PKCE and its attacks (state missing, forged, replayed, another session's; access_denied; no refresh
// token; a hang), and the connection stored with its tokens sealed at rest and kept out of answers and logs.
// Keeping it alive is xero.alive.test.ts.

let h: Harness;
let xero: XeroStandIn;
let staff: TestClient;
let clerk: TestClient;
let partnerA: TestClient;
const log = capturedLog();
type Errors = { message: string };
const { connection, storedRows, xeroAudit } = xeroReads(
  () => h,
  () => staff,
);

beforeAll(async () => {
  xero = await startXeroStandIn();
  h = await createHarness({
    env: { ...xeroEnv(xero), XERO_TIMEOUT_SECONDS: '0.5' },
    logger: log.logger,
  });
  ({ staff, partnerA } = await h.signedIn('10.9.42'));
  await h.database.db.insert(users).values({
    name: 'Clara Clerk',
    email: 'clerk@example.com',
    passwordHash: h.fixtures.staff.passwordHash,
    roleId: ROLE_IDS.staff,
  });
  clerk = h.client('10.9.42.4');
  await clerk.login('clerk@example.com');
});
afterAll(async () => {
  await h.close();
  await xero.close();
});
beforeEach(() => {
  Object.assign(xero, { hang: false, down: false, omitRefreshToken: false, delayMs: 0, rateLimit: null });
});

describe('who may', () => {
  const routes = [
    ['GET', '/xero/auth/authorize'],
    ['GET', `${XERO_CALLBACK}?code=c&state=s`],
    ['GET', '/api/xero/connection'],
    ['DELETE', '/api/xero/connection'],
    ['GET', '/api/xero-contacts'],
  ] as const;

  it('signed out: the browser routes send to the sign-in page, the API answers 401', async () => {
    const guest = h.client('10.9.42.9');
    await guest.csrf();
    for (const [method, url] of routes) {
      const res = await guest.request(method, url);
      if (url.startsWith('/xero/')) expect([res.statusCode, res.headers.location]).toEqual([302, '/login']);
      else expect(res.statusCode).toBe(401);
    }
  });

  it('a partner user and staff without the permission get 403 on every route, and Xero hears nothing', async () => {
    for (const client of [partnerA, clerk])
      for (const [method, url] of routes) expect((await client.request(method, url)).statusCode).toBe(403);
    expect(xero.seen).toEqual([]);
    expect(await h.database.db.select().from(xeroOauthStates)).toEqual([]);
  });
});

describe('before connecting', () => {
  it('says it is not connected', async () => {
    expect(await connection()).toEqual({
      connected: false,
      tenantName: null,
      connectedAt: null,
      expired: false,
    });
    const res = await staff.get('/api/xero-contacts');
    expect([res.statusCode, res.json<Errors>().message]).toEqual([503, XERO_MESSAGES.notConnected]);
  });

  it('unconfigured, every route answers 503 naming the settings the administrator must set', async () => {
    const bare = await createHarness();
    try {
      const { staff: admin } = await bare.signedIn('10.9.43');
      for (const url of [
        '/xero/auth/authorize',
        `${XERO_CALLBACK}?code=c&state=s`,
        '/api/xero/connection',
        '/api/xero-contacts',
      ]) {
        const res = await admin.get(url);
        expect([res.statusCode, res.json<Errors>().message]).toEqual([503, XERO_MESSAGES.notSetUp]);
      }
      expect((await admin.delete('/api/xero/connection')).statusCode).toBe(503);
      expect(XERO_MESSAGES.notSetUp).toContain('XERO_CLIENT_ID, XERO_CLIENT_SECRET and XERO_REDIRECT_URI');
    } finally {
      await bare.close();
    }
  });
});

describe('/xero/auth/authorize', () => {
  it('sends the browser to the authorisation page with a single-use state and PKCE (S256)', async () => {
    const res = await staff.get('/xero/auth/authorize');
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(xero.loginUrl);
    const q = Object.fromEntries(to.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: XERO_CLIENT.id,
      redirect_uri: `http://localhost:3000${XERO_CALLBACK}`,
      scope: 'openid profile email offline_access accounting.contacts.read accounting.settings.read',
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[\w-]{43}$/);
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    // Stored as a digest bound to the session, with the verifier sealed: neither readable from the table.
    const [pending] = await h.database.db.select().from(xeroOauthStates);
    expect(pending?.state).not.toBe(q.state);
    expect(pending?.codeVerifier).toMatch(/^v1\./);
    expect(pending?.sessionId).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the callback refuses, storing nothing', () => {
  const back = (res: { statusCode: number; headers: Record<string, unknown> }) => [
    res.statusCode,
    res.headers.location,
  ];
  const startAndAnswer = async (client: TestClient, decision: 'allow' | 'deny' = 'allow') =>
    answerAuthorisation(String((await client.get('/xero/auth/authorize')).headers.location), decision);

  it('a missing, forged or expired state', async () => {
    const callback = await startAndAnswer(staff);
    const code = new URL(callback, 'http://x').searchParams.get('code') ?? '';
    expect(back(await staff.get(`${XERO_CALLBACK}?code=${code}`))).toEqual([302, '/system/xero?error=state']);
    expect(back(await staff.get(`${XERO_CALLBACK}?code=${code}&state=forged`))).toEqual([
      302,
      '/system/xero?error=state',
    ]);
    expect(back(await staff.get(`${XERO_CALLBACK}?code=${code}&state=a&state=b`))).toEqual([
      302,
      '/system/xero?error=state',
    ]);
    await h.database.db.update(xeroOauthStates).set({ createdAt: new Date(Date.now() - 11 * 60_000) });
    expect(back(await staff.get(callback))).toEqual([302, '/system/xero?error=state']);
    expect(xero.grants.authorization_code).toBe(0);
    expect(await storedRows()).toEqual([]);
  });

  it("another session's state (a link made for someone else), even of the same user", async () => {
    const callback = await startAndAnswer(staff);
    const sameUserElsewhere = h.client('10.9.42.7');
    await sameUserElsewhere.login(h.fixtures.staff.email);
    expect(back(await sameUserElsewhere.get(callback))).toEqual([302, '/system/xero?error=state']);
    // Spent by that attempt: not usable by its own session either.
    expect(back(await staff.get(callback))).toEqual([302, '/system/xero?error=state']);
    expect(xero.grants.authorization_code).toBe(0);
  });

  it('access_denied on the authorisation page', async () => {
    const callback = await startAndAnswer(staff, 'deny');
    expect(callback).toContain('error=access_denied');
    expect(back(await staff.get(callback))).toEqual([302, '/system/xero?error=denied']);
    expect(await storedRows()).toEqual([]);
  });

  it('a token answer without a refresh token (no offline access)', async () => {
    xero.omitRefreshToken = true;
    expect(back(await connectXero(staff))).toEqual([302, '/system/xero?error=no-refresh-token']);
    expect(await storedRows()).toEqual([]);
  });

  it('a code Xero refuses (spent or made up)', async () => {
    const start = await staff.get('/xero/auth/authorize');
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    expect(back(await staff.get(`${XERO_CALLBACK}?code=made-up&state=${state}`))).toEqual([
      302,
      '/system/xero?error=refused',
    ]);
  });

  it('a stand-in that hangs: the time-out, then a clear message', async () => {
    const callback = await startAndAnswer(staff);
    xero.hang = true;
    const started = Date.now();
    expect(back(await staff.get(callback))).toEqual([302, '/system/xero?error=unreachable']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedRows()).toEqual([]);
  });
});

describe('the whole flow', () => {
  it('connects the first organisation, audited, tokens sealed at rest and in no answer', async () => {
    const before = Date.now();
    const codes = xero.grants.authorization_code;
    const res = await connectXero(staff);
    expect([res.statusCode, res.headers.location]).toEqual([302, '/system/xero']);
    const state = await connection();
    expect(state).toMatchObject({ connected: true, tenantName: XERO_TENANT_NAME, expired: false });
    expect(Date.parse(state.connectedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(xero.grants.authorization_code).toBe(codes + 1);

    const [row] = await storedRows();
    expect(row).toMatchObject({ tenantId: XERO_TENANT, connectedBy: h.fixtures.staff.id, expired: false });
    for (const sealed of [row?.accessToken ?? '', row?.refreshToken ?? '']) {
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      for (const t of xero.issued) expect(sealed).not.toContain(t);
    }
    // No SESSION_SECRET here: the key's secret is kept in settings, apart from the tokens.
    expect(
      await h.database.db.select().from(settings).where(eq(settings.key, 'xero.token_key')),
    ).toHaveLength(1);

    const [entry] = await xeroAudit();
    expect(entry).toMatchObject({
      userId: h.fixtures.staff.id,
      event: 'connected',
      message: `Accounting connection to ${XERO_TENANT_NAME} connected.`,
      newValues: { tenantId: XERO_TENANT, tenantName: XERO_TENANT_NAME },
    });
    expect(JSON.stringify(entry)).not.toMatch(/at-|rt-/);
  });

  it('lists every active contact of every page, read from Xero on each call', async () => {
    xero.seen.length = 0;
    const res = await staff.get('/api/xero-contacts');
    expect(res.statusCode).toBe(200);
    const contacts = res.json<{ data: XeroContact[] }>().data;
    expect(contacts).toHaveLength(XERO_ACTIVE_CONTACTS);
    expect(contacts).toContainEqual(XERO_CONTACTS.rose);
    expect(contacts).not.toContainEqual(XERO_CONTACTS.archived);
    expect(contacts.map((c) => c.Name)).toEqual(
      contacts.map((c) => c.Name).sort((a, b) => a.localeCompare(b)),
    );
    expect(xero.seen.map((s) => s.url)).toEqual(
      [1, 2, 3].map((p) => `/api.xro/2.0/Contacts?summaryOnly=true&page=${String(p)}`),
    );
    expect(new Set(xero.seen.map((s) => s.tenant))).toEqual(new Set([XERO_TENANT]));
    await staff.get('/api/xero-contacts');
    expect(xero.seen).toHaveLength(6);
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
