import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

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
  close(): Promise<void>;
}

/** The SQL migrations sit beside the sources and are copied next to the bundle by the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

/** An arbitrary constant naming the start-up advisory lock. */
const STARTUP_LOCK = 72_027_233;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
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
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir === 'memory') {
    client = new PGlite({ extensions: { pg_trgm } });
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(path.join(opts.dataDir, 'pgdata'), { extensions: { pg_trgm } });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    // One process owns an embedded database: nothing to wait for.
    withStartupLock: (fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
