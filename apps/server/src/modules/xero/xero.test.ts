import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLE_IDS } from '@bloomline/contract';
import type { XeroContact } from '@bloomline/contract';

import { users, xeroConnections } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import type { Harness } from '../../test/harness';
import {
  startXeroStandIn,
  storeXeroConnection,
  XERO_CONTACTS,
  XERO_TENANT,
  XERO_TOKEN,
  xeroEnv,
} from '../../test/xero-stand-in';
import type { XeroStandIn } from '../../test/xero-stand-in';
import { createXeroService, XERO_MESSAGES } from './xero.service';

// GET /api/xero-contacts: staff with manageXero only (403 for other staff and partners, 401 signed out);
// 503 with a clear message until the accounting service is set up and connected, or while it cannot be
// reached; then the connected organisation's contacts, read from a local stand-in of its API.

let h: Harness;
let xero: XeroStandIn;
let staff: TestClient;
let clerk: TestClient;
let partnerA: TestClient;
let partnerB: TestClient;
type Errors = { message: string };

beforeAll(async () => {
  xero = await startXeroStandIn();
  h = await createHarness({ env: xeroEnv(xero) });
  ({ staff, partnerA, partnerB } = await h.signedIn('10.9.41'));
  await h.database.db.insert(users).values({
    name: 'Clara Clerk',
    email: 'clerk@example.com',
    passwordHash: h.fixtures.staff.passwordHash,
    roleId: ROLE_IDS.staff,
  });
  clerk = h.client('10.9.41.4');
  await clerk.login('clerk@example.com');
});
afterAll(async () => {
  await h.close();
  await xero.close();
});

describe('GET /api/xero-contacts', () => {
  it('is 503 with a clear message before a connection is stored', async () => {
    const res = await staff.get('/api/xero-contacts');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The accounting connection (Xero) is not set up yet.' });
    expect(xero.seen).toEqual([]);
  });

  it('is 503 without the client settings, whatever is stored', async () => {
    const unconfigured = createXeroService({
      db: h.database.db,
      xero: { clientId: undefined, clientSecret: undefined, apiUrl: xero.url },
    });
    await storeXeroConnection(h.database.db);
    await expect(unconfigured.contacts()).rejects.toMatchObject({
      statusCode: 503,
      message: XERO_MESSAGES.notSetUp,
    });
    expect(xero.seen).toEqual([]);
  });

  it("lists the connected organisation's active contacts by name", async () => {
    const res = await staff.get('/api/xero-contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: XeroContact[] }>().data).toEqual([XERO_CONTACTS.bloom, XERO_CONTACTS.rose]);
    expect(xero.seen.at(-1)).toEqual({
      url: '/api.xro/2.0/Contacts?summaryOnly=true',
      auth: `Bearer ${XERO_TOKEN}`,
      tenant: XERO_TENANT,
    });
  });

  it('is for staff with manageXero only, the rule GET /api/me shows', async () => {
    const seen = xero.seen.length;
    const me = (await clerk.get('/api/me')).json<{ data: { permissions: { manageXero: boolean } } }>();
    expect(me.data.permissions.manageXero).toBe(false);
    expect((await clerk.get('/api/xero-contacts')).statusCode).toBe(403);
    expect((await partnerA.get('/api/xero-contacts')).statusCode).toBe(403);
    expect((await partnerB.get('/api/xero-contacts')).statusCode).toBe(403);
    expect((await h.client().get('/api/xero-contacts')).statusCode).toBe(401);
    expect(xero.seen).toHaveLength(seen);
  });

  it('is 503 when the service fails, refuses the token, or the connection has expired', async () => {
    xero.down = true;
    const down = await staff.get('/api/xero-contacts');
    expect([down.statusCode, down.json<Errors>().message]).toEqual([503, XERO_MESSAGES.unreachable]);
    xero.down = false;
    await h.database.db.update(xeroConnections).set({ accessToken: 'revoked' });
    const refused = await staff.get('/api/xero-contacts');
    expect([refused.statusCode, refused.json<Errors>().message]).toEqual([503, XERO_MESSAGES.expired]);
    await storeXeroConnection(h.database.db, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await staff.get('/api/xero-contacts');
    expect([expired.statusCode, expired.json<Errors>().message]).toEqual([503, XERO_MESSAGES.expired]);
  });

  it('is 503 when the service cannot be reached at all', async () => {
    const gone = createXeroService({
      db: h.database.db,
      xero: { clientId: 'c', clientSecret: 's', apiUrl: 'http://127.0.0.1:9' },
    });
    await storeXeroConnection(h.database.db);
    await expect(gone.contacts()).rejects.toMatchObject({
      statusCode: 503,
      message: XERO_MESSAGES.unreachable,
    });
  });
});
