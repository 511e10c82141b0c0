import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Refund } from '@bloomline/contract';

import { type Database, openDatabase } from '../db/client';
import { JOB_SCHEMA } from '../db/job-schema';
import { partners } from '../db/schema';
import { createRefund } from '../test/claims-fixtures';
import { createFixtures } from '../test/fixtures';
import { createOrder } from '../test/orders-fixtures';

// Issue 46, point 3, "a test kills the server between commit and answer and retries: one record". The real
// server (test/crash-server.main.ts, the app as main.ts builds it, in a process of its own) on a database on
// disk: the embedded one in a folder, or a PostgreSQL database of its own when DATABASE_URL is set. Killed with
// SIGKILL after its transaction committed and before its answer, then started again, it answers the retry under
// the same key with the first answer, and there is one refund, one processing and one deduction e-mail.

const MAIN = fileURLToPath(new URL('../test/crash-server.main.ts', import.meta.url));
const serverUrl = process.env.DATABASE_URL;
const dbName = `bloomline_kill_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bloomline-kill-'));
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];

const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

const open = () => openDatabase({ databaseUrl, dataDir, poolSize: 2 });

/** Opens the database the servers share (only while none runs, for the embedded one), for `work`. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Starts the server; resolves with its address once it listens, and a promise of how it ended. */
function startServer(crash: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      CRASH_AFTER_COMMIT: crash ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const ended = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    void ended.then((how) => reject(new Error(`the server ended before listening (${String(how)})`)));
  });
  return { url, ended };
}

/** A browser's cookies and the XSRF echo, over real HTTP. */
class Browser {
  private readonly cookies = new Map<string, string>();
  base = '';
  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(this.base + url, {
      method,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: res.status, text: await res.text() };
  }
}

let order: { id: number; lineIds: number[] };
let processed: { id: number };

beforeAll(async () => {
  if (serverUrl) {
    await admin(`create database ${dbName}`);
    const at = new URL(serverUrl);
    at.pathname = `/${dbName}`;
    databaseUrl = at.toString();
  }
  await withDatabase(async (database) => {
    await database.migrate();
    const { db } = database;
    const fixtures = await createFixtures(db);
    await db
      .update(partners)
      .set({ businessEmail: 'accounts@protea.example' })
      .where(eq(partners.id, fixtures.partnerA.id));
    const line = { partnerId: fixtures.partnerA.id, status: 'delivered' as const, valueCents: 45001 };
    order = await createOrder(db, [line, line]);
    const other = await createOrder(db, [line]);
    processed = await createRefund(db, other, [
      {
        orderLineId: other.lineIds[0]!,
        partnerId: fixtures.partnerA.id,
        amountCents: 20000,
        onPayAmountCents: 15000,
      },
    ]);
  });
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The records the retries must not double: refunds of the order, deduction e-mails and their jobs. */
const counts = () =>
  withDatabase(async (database) => {
    const one = async (text: string) => Number((await database.query(text)).rows[0]!.n);
    return {
      refunds: await one(`select count(*) as n from refunds where order_id = ${String(order.id)}`),
      processings: await one(
        `select count(*) as n from audit_entries where property_type = 'refund' and event = 'updated' and property_id = ${String(processed.id)}`,
      ),
      deductionMails: await one(`select count(*) as n from mails where kind = 'deduction'`),
      mailJobs: await one(
        `select count(*) as n from ${JOB_SCHEMA}.job j join mails m on (j.data->>'mailId')::int = m.id where j.name = 'mail' and m.kind = 'deduction'`,
      ),
    };
  });

// Three server processes from the sources: run once per CI, in npm test (PGlite). On PostgreSQL it passes too
// (DATABASE_URL=… npx vitest run this file), but beside the journeys it cost CI a minute and a half.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed between commit and answer', () => {
  it('answers the retry with the first answer: one refund opened, one processed, one e-mail', async () => {
    const browser = new Browser();
    const openKey = randomUUID();
    const processKey = randomUUID();
    const openUrl = `/api/orders/${String(order.id)}/refunds`;
    const openBody = { amount: 250.5, lines: [order.lineIds[0]!], reason: 'Wilted' };
    const processUrl = `/api/orders/refunds/${String(processed.id)}`;
    const processBody = { responsible: 'Partner', onPay: 100 };

    // 1. Open a refund: the process dies as it is about to answer; the client sees its connection drop.
    let server = startServer(true);
    browser.base = await server.url;
    await browser.request('GET', '/sanctum/csrf-cookie');
    expect(
      (await browser.request('POST', '/api/login', { email: 'admin@example.com', password: 'password' }))
        .status,
    ).toBe(200);
    await expect(
      browser.request('POST', openUrl, openBody, { 'idempotency-key': openKey }),
    ).rejects.toThrow();
    expect(await server.ended).toBe('SIGKILL');

    // 2. Process another refund (a deduction, its e-mail queued in the transaction): killed the same way.
    server = startServer(true);
    browser.base = await server.url;
    await expect(
      browser.request('PUT', processUrl, processBody, { 'idempotency-key': processKey }),
    ).rejects.toThrow();
    expect(await server.ended).toBe('SIGKILL');
    // Both committed before the kill: the records are there, once, though no one heard the answers.
    expect(await counts()).toEqual({ refunds: 1, processings: 1, deductionMails: 1, mailJobs: 1 });

    // 3. Started again, the server answers each retry with the first answer, and makes nothing new.
    server = startServer(false);
    browser.base = await server.url;
    const opened = await browser.request('POST', openUrl, openBody, { 'idempotency-key': openKey });
    expect(opened.status).toBe(201);
    const card = JSON.parse(opened.text) as { data: Refund };
    const now = await browser.request('GET', `/api/orders/refunds/${String(card.data.id)}`);
    expect(opened.text).toBe(now.text);
    expect(card.data).toMatchObject({ amount: 250.5, reason: 'Wilted', responsible: null });

    const done = await browser.request('PUT', processUrl, processBody, { 'idempotency-key': processKey });
    expect(done.status).toBe(200);
    expect(JSON.parse(done.text)).toMatchObject({
      data: { id: processed.id, responsible: 'Partner', onPay: 100 },
    });
    expect(done.text).toBe((await browser.request('GET', processUrl)).text);
    // Without the key the processing is refused: it was done, once.
    expect((await browser.request('PUT', processUrl, processBody)).status).toBe(409);

    const again = await browser.request('POST', openUrl, openBody, { 'idempotency-key': openKey });
    expect([again.status, again.text]).toEqual([201, opened.text]);
    const child = children.at(-1)!;
    child.kill('SIGTERM');
    await server.ended;
    expect(await counts()).toEqual({ refunds: 1, processings: 1, deductionMails: 1, mailJobs: 1 });
  }, 240_000);
});
