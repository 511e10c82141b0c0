import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { type CopyRow, copyOut } from './copy-out';
import { installJobSchema, jobSchemaInstalled } from './job-schema';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers' databases share this base type, so services never know which engine they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; `Db` methods all work on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrate, first seed) while holding a database-wide lock, so several instances
   * starting at once against one PostgreSQL server take turns instead of racing.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Whether every migration in the build has run (`/ready`): the last one's stamp is in drizzle's table. */
  migrationsCurrent(): Promise<boolean>;
  /**
   * One SQL text with `$n` parameters, outside drizzle (the job library's statements): several statements in
   * one text only without parameters.
   */
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** The connection pool's state (PostgreSQL; the embedded database is one connection, always there). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** The embedded database's data folder as a tarball (PGlite only), to open copies of it (`loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: hears `NOTIFY channel` from every instance on a connection of its own (reconnecting when
   * it is lost), so an event raised by one instance reaches the clients of all. Resolves to a stop function.
   * The embedded database is one process's own: there an event stays in the process.
   */
  /**
   * PostgreSQL only: the rows of `query` streamed with `COPY … TO STDOUT` (`copy-out.ts`), for answers as long
   * as a year of order lines. The embedded database reads such answers in keyset batches instead.
   */
  copyOut?(query: SQL, signal?: AbortSignal): AsyncIterable<CopyRow[]>;
  /** PostgreSQL only: where it is, for a worker thread's own connection (`lib/worker-stream.ts`). */
  connectionString?: string;
  listen?: (
    channel: string,
    onMessage: (payload: string) => void,
    onError: (err: Error) => void,
  ) => Promise<() => Promise<void>>;
}

/** A LISTEN connection of its own, opened again two seconds after it is lost, until stopped. */
async function listenOn(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', (err) => {
      onError(err);
      void c.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void open().catch(onError), 2_000).unref();
    });
    await c.connect();
    await c.query(`listen "${channel.replace(/"/g, '')}"`);
    client = c;
  };
  await open();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** The SQL migrations sit beside the sources and are copied next to the bundle by the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

/** Pools told not to name statements (`DATABASE_PREPARED_STATEMENTS=false`, behind PgBouncer): `db/statement.ts`. */
export const unpreparedPools = new WeakSet<pg.Pool>();

/** Statement names already given out, by SQL text (shared by every connection of the process). */
const statementNames = new Map<string, string>();
/** Beyond this many distinct statements new ones run unprepared, so odd one-off SQL cannot grow memory. */
const MAX_PREPARED_STATEMENTS = 2_000;

/**
 * A page past the first has its offset written into the text (see sqlInteger), so every page is a text of
 * its own: those run unnamed, as one-offs, instead of filling the list of prepared statements.
 */
const ONE_OFF = /\boffset [1-9]/i;

function statementName(text: string): string | undefined {
  if (ONE_OFF.test(text)) return undefined;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Makes every parameterised query (and every single SELECT) of this connection a named prepared
 * statement. The SQL here is built
 * by drizzle from a bounded set of shapes, so each connection parses and plans a shape once and then
 * only binds values: for the order screens PostgreSQL's parse and plan cost more than running the query.
 * The name is a hash of the text, so one name never means two statements.
 */
function preparesStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [config, values] = args;
    if (
      config &&
      typeof config === 'object' &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      Array.isArray(values) &&
      // Without parameters only a single query is named: other texts may hold several statements (migrations).
      (values.length > 0 || /^\s*(select|with)\b/i.test(config.text))
    ) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return query(...args);
  };
  // pg's overloads cannot be restated generically; the wrapper passes every call through unchanged.
  client.query = named as typeof client.query;
}

/**
 * Appends every statement a connection sends, with its parameters, to `file` as JSON lines (`npm run bench`
 * reads them to run the very same SQL beside the API). A diagnostic: the parameters include what users type.
 */
function tracesStatements(query: (...args: unknown[]) => unknown, file: string) {
  return (...args: unknown[]) => {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text === 'string') {
      const params = Array.isArray(values) ? values : (config as { values?: unknown }).values;
      appendFileSync(file, JSON.stringify({ text, values: params ?? [] }) + '\n');
    }
    return query(...args);
  };
}

/** When the newest migration of this build was generated: drizzle records it as the migration's `created_at`. */
function newestMigrationStamp(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

const APPLIED_STAMP = 'select coalesce(max(created_at), 0)::text as stamp from drizzle.__drizzle_migrations';

/** An arbitrary constant naming the start-up advisory lock. */
const STARTUP_LOCK = 72_027_233;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** Name parameterised queries so PostgreSQL plans each shape once per connection (default on). */
  preparedStatements?: boolean;
  /** Told when an idle pooled connection is lost (a server restart, an administrator's terminate). */
  onIdleError?: (err: Error) => void;
  /** Append every statement and its parameters to this file (`SQL_TRACE_FILE`, for the bench). */
  traceFile?: string | undefined;
  /** An in-memory embedded database starts as a copy of this tarball (`dumpDataDir`), e.g. one already migrated. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  const databaseUrl = opts.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10 });
    // pg reports a lost idle connection on the pool, and an unheard 'error' event would end the process; the
    // pool has already dropped that connection and opens a new one when next needed.
    pool.on('error', (err) => opts.onIdleError?.(err));
    if (opts.preparedStatements !== false) pool.on('connect', preparesStatements);
    else unpreparedPools.add(pool);
    const traceFile = opts.traceFile;
    if (traceFile)
      pool.on('connect', (client) => {
        // As in preparesStatements: pg's overloads cannot be restated; every call passes through unchanged.
        client.query = tracesStatements(client.query.bind(client), traceFile) as typeof client.query;
      });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const database: Database = {
      db,
      engine: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder: folder });
        await installJobSchema(database.query);
      },
      withStartupLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      migrationsCurrent: async () => {
        const { rows } = await pool.query<{ stamp: string }>(APPLIED_STAMP);
        const ours = Number(rows[0]?.stamp ?? 0) >= newestMigrationStamp(folder);
        return ours && (await jobSchemaInstalled(database.query));
      },
      // Without parameters pg sends the text as a simple query, which may hold several statements.
      query: async (text, values) => {
        const result = await pool.query(text, values);
        // A text of several statements answers one result per statement: the last one counts.
        const last: pg.QueryResult = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last.rows as Record<string, unknown>[] };
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
      copyOut: (query, signal) => copyOut(pool, query, signal),
      connectionString: databaseUrl,
      listen: (channel, onMessage, onError) => listenOn(databaseUrl, channel, onMessage, onError),
    };
    return database;
  }
  let client: PGlite;
  if (opts.dataDir === 'memory') {
    client = new PGlite({
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(path.join(opts.dataDir, 'pgdata'), { extensions: { pg_trgm } });
  }
  await client.waitReady;
  if (opts.traceFile) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = tracesStatements(query, opts.traceFile) as typeof client.query;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const database: Database = {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      await installJobSchema(database.query);
    },
    // One process owns an embedded database: nothing to wait for.
    withStartupLock: (fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    migrationsCurrent: async () => {
      const { rows } = await client.query<{ stamp: string }>(APPLIED_STAMP);
      const ours = Number(rows[0]?.stamp ?? 0) >= newestMigrationStamp(folder);
      return ours && (await jobSchemaInstalled(database.query));
    },
    query: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
  return database;
}
