import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { buildApp } from '../app';
import type { App, AppDeps } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import { migrationsFolder, openDatabase } from '../db/client';
import type { Database } from '../db/client';
import type { Mail, Mailer } from '../lib/mailer';
import { TestClient } from './client';
import { createFixtures } from './fixtures';
import type { Fixtures } from './fixtures';

export interface Harness {
  app: App;
  database: Database;
  /** The test file's own PostgreSQL database (undefined on the embedded one), for a second instance's pool. */
  databaseUrl: string | undefined;
  /** The app's configuration, to build a second instance like it. */
  config: Config;
  fixtures: Fixtures;
  outbox: Mail[];
  /** Waits until every queued e-mail has had its try (the jobs send them after the change commits). */
  mailsSent(): Promise<Mail[]>;
  client(ip?: string): TestClient;
  /** Staff, partner A's and partner B's users, each signed in from its own address in `net` (`net`.1–3). */
  signedIn(net: string): Promise<{ staff: TestClient; partnerA: TestClient; partnerB: TestClient }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Environment settings for the app's config on top of the tests' own, e.g. `SESSION_COOKIE`. */
  env?: NodeJS.ProcessEnv;
  /** A mailer of the test's own (one that fails for some address); `outbox` stays empty then. */
  mailer?: Mailer;
  /** The app's logger (tests that read what is logged); none by default. */
  logger?: AppDeps['logger'];
}

/** What a migrated database depends on: the migrations, and the job library that installs its own tables. */
function migrationsDigest(engine: string): string {
  const folder = migrationsFolder();
  const digest = createHash('sha256').update(engine);
  // The job library's tables are in the template too (`migrate()` installs them).
  digest.update(readFileSync(createRequire(import.meta.url).resolve('pg-boss/package.json')));
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    digest.update(name).update(readFileSync(path.join(folder, name)));
  digest.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  return digest.digest('hex').slice(0, 16);
}

/**
 * The embedded database as the migrations leave it, as a tarball of its data folder. Made once per set of
 * migrations (and PGlite version) and kept in the system's temporary folder, so each test file loads it instead
 * of creating a database and migrating it: on two busy cores the load takes about a second where creating and
 * migrating take four or more (docs/decisions.md "CI time"). Files made at once by two workers are the same.
 */
async function migratedTemplate(): Promise<Blob> {
  // PGlite's own package.json (not among its exports), for its version: a new PGlite makes a new template.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = readFileSync(
    path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'),
    'utf8',
  );
  const file = path.join(os.tmpdir(), `bloomline-test-db-${migrationsDigest(pglite)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  const template = await database.dumpDataDir!();
  await database.close();
  const partial = `${file}.${String(process.pid)}.partial`;
  await writeFile(partial, Buffer.from(await template.arrayBuffer()));
  await rename(partial, file);
  return template;
}

const databaseAt = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * On a PostgreSQL server, the same idea as `migratedTemplate`: a database migrated once per set of migrations,
 * which each test file's database copies (`create database … template`, a file copy on the server) instead of
 * migrating its own: 83 files of the API suite migrated 0.6 s each. Made under an advisory lock, so the workers
 * that start together make it once; it is named by the migrations' digest and renamed into place only when
 * whole, so an interrupted run leaves nothing that looks ready. Nobody connects to it after, as copying needs.
 */
async function migratedServerTemplate(url: string): Promise<string> {
  const name = `bloomline_tpl_${migrationsDigest('postgresql')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({
        databaseUrl: databaseAt(url, building),
        dataDir: 'memory',
        poolSize: 1,
      });
      await database.migrate();
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh app on a fresh database for one test file: embedded PostgreSQL in memory by default, or, when
 * DATABASE_URL is set, a database of its own on that server.
 */
export async function createHarness({
  env = {},
  mailer: ownMailer,
  logger = false,
}: HarnessOptions = {}): Promise<Harness> {
  const url = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (url) {
    // A database of its own per test file, so files run side by side on one server: a copy of a migrated one.
    const name = `bloomline_t_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
    const template = await migratedServerTemplate(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    databaseUrl = databaseAt(url, name);
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory',
    poolSize: 4,
    loadDataDir: databaseUrl ? undefined : await migratedTemplate(),
  });
  // Nothing left to do on the embedded copy (the template is migrated); the check costs a few milliseconds.
  await database.migrate();
  const fixtures = await createFixtures(database.db);
  const outbox: Mail[] = [];
  const mailer: Mailer = ownMailer ?? { send: async (m) => void outbox.push(m) };
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bloomline-test-')),
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    // Jobs: no schedules, a quick look for work, and one try per e-mail unless a test asks for more.
    JOBS_SCHEDULE: 'false',
    JOB_POLL_SECONDS: '0.5',
    MAIL_ATTEMPTS: '1',
    MAIL_RETRY_SECONDS: '1',
    ...env,
  });
  const app = await buildApp({ config, database, mailer, logger });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    fixtures,
    outbox,
    async mailsSent() {
      for (let i = 0; i < 400; i += 1) {
        const { rows } = await database.query(
          `select count(*)::int as n from mails where status = 'queued' and attempts = 0`,
        );
        if (rows[0]?.n === 0) return outbox;
        app.jobs.nudge('mail');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('queued e-mails were not sent within 10 s');
    },
    client: (ip) => new TestClient(app, ip),
    async signedIn(net) {
      const [staff, partnerA, partnerB] = [1, 2, 3].map((n) => new TestClient(app, `${net}.${String(n)}`));
      await staff!.login(fixtures.staff.email);
      await partnerA!.login(fixtures.userA.email);
      await partnerB!.login(fixtures.userB.email);
      return { staff: staff!, partnerA: partnerA!, partnerB: partnerB! };
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
