import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';

import type { XeroConnection } from '@bloomline/contract';

import { auditEntries, xeroConnections } from '../db/schema';
import type { TestClient } from './client';
import type { Harness } from './harness';
import { CONSENT_PATH, XERO_CLIENT } from './xero-stand-in';
import type { XeroStandIn } from './xero-stand-in';

// What tests of the accounting connection share: the app's settings for the stand-in, a browser's part of the
// authorisation flow, and a log that can be searched for secrets.

/** The app's settings for a stand-in (createHarness({ env })). */
export const xeroEnv = (
  standIn: Pick<XeroStandIn, 'url' | 'loginUrl'>,
  appUrl = 'http://localhost:3000',
) => ({
  XERO_CLIENT_ID: XERO_CLIENT.id,
  XERO_CLIENT_SECRET: XERO_CLIENT.secret,
  XERO_REDIRECT_URI: `${appUrl}/xero/auth/callback`,
  XERO_LOGIN_URL: standIn.loginUrl,
  XERO_IDENTITY_URL: standIn.url,
  XERO_API_URL: standIn.url,
});

/**
 * What a browser does on the stand-in's authorisation page: opens it and presses Allow access (or Cancel);
 * answers the path and query of the callback the stand-in sends the browser back to.
 */
export async function answerAuthorisation(
  authorizeUrl: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const page = await fetch(authorizeUrl);
  if (!page.ok)
    throw new Error(`The authorisation page answered ${String(page.status)}: ${await page.text()}`);
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  form.set('decision', decision);
  const res = await fetch(new URL(CONSENT_PATH, authorizeUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location') ?? '');
  return `${back.pathname}${back.search}`;
}

/** The whole flow for a signed-in client of the app: authorise, allow, and follow the callback. */
export async function connectXero(client: TestClient) {
  const start = await client.get('/xero/auth/authorize');
  if (start.statusCode !== 302)
    throw new Error(`authorize answered ${String(start.statusCode)}: ${start.body}`);
  return client.get(await answerAuthorisation(String(start.headers.location)));
}

/** A logger for createHarness({ logger }) that keeps every line, to look for what must never be logged. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'trace' as const, stream } };
}

export const XERO_CALLBACK = '/xero/auth/callback';

/** What a test reads back: the connection as the API answers it, the stored rows, and the connection's audit. */
export function xeroReads(harness: () => Harness, signedIn: () => TestClient) {
  return {
    connection: async (client = signedIn()) =>
      (await client.get('/api/xero/connection')).json<{ data: XeroConnection }>().data,
    storedRows: () => harness().database.db.select().from(xeroConnections),
    xeroAudit: () =>
      harness()
        .database.db.select()
        .from(auditEntries)
        .where(eq(auditEntries.propertyType, 'accounting connection')),
  };
}
