import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { rowsOf } from '../db/bulk';
import { createHarness, type Harness } from '../test/harness';
import type { Mail } from './mailer';

// Issue 38: an instance that stops while it holds a job hands it back within its grace, and another instance
// sends it. Two more apps share the harness's database, as instances share PostgreSQL.

let h: Harness;
const apps: App[] = [];

beforeAll(async () => {
  h = await createHarness();
  // The harness's own app leaves mails to the two below.
  await h.app.jobs.boss.offWork('mail');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await h.close();
});

async function instance(send: (mail: Mail) => Promise<void>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bloomline-drain-')),
    LOG_LEVEL: 'silent',
    JOBS_SCHEDULE: 'false',
    JOB_POLL_SECONDS: '0.5',
    MAIL_ATTEMPTS: '3',
    MAIL_RETRY_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: '1',
  });
  const app = await buildApp({ config, database: h.database, mailer: { send }, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

const statusOf = async (id: number) =>
  (await rowsOf<{ status: string }>(h.database.db, sql`select status from mails where id = ${id}`))[0]
    ?.status;

describe('stopping with a mail in hand', () => {
  it('hands the mail back after the grace, and another instance sends it once', async () => {
    let taken!: () => void;
    const tookIt = new Promise<void>((resolve) => (taken = resolve));
    // This instance's mail server never answers.
    const stuck = await instance(() => {
      taken();
      return new Promise<void>(() => undefined);
    });
    const id = await stuck.mails.queueMail(h.database.db, {
      kind: 'welcome',
      to: 'handed@example.com',
      subject: 'Handed back',
      text: '.',
    });
    await tookIt;
    const started = Date.now();
    await stuck.close();
    // Closed within about the grace (1 s), not left waiting on the mail server.
    expect(Date.now() - started).toBeLessThan(5_000);
    apps.splice(apps.indexOf(stuck), 1);

    const sent: Mail[] = [];
    await instance(async (mail) => void sent.push(mail));
    for (let i = 0; i < 200 && (await statusOf(id)) !== 'sent'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await statusOf(id)).toBe('sent');
    expect(sent.map((m) => m.to)).toEqual(['handed@example.com']);
  }, 30_000);

  it('says nothing more once closed, when the mail server fails after the grace', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      let taken!: () => void;
      const tookIt = new Promise<void>((resolve) => (taken = resolve));
      let failIt!: () => void;
      // This instance's mail server answers with a failure, but only after the instance has stopped.
      const late = await instance(() => {
        taken();
        return new Promise<void>((_, reject) => (failIt = () => reject(new Error('mail server gone'))));
      });
      await late.mails.queueMail(h.database.db, {
        kind: 'welcome',
        to: 'late@example.com',
        subject: 'Failed late',
        text: '.',
      });
      await tookIt;
      await late.close();
      apps.splice(apps.indexOf(late), 1);
      // pg-boss fails the job after its handler rejects, without awaiting it: against a stopped queue that
      // must come to nothing, not to an unhandled rejection.
      failIt();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  }, 30_000);
});
