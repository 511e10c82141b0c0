// The benchmark's data: a PostgreSQL database or a PGlite folder holding exactly N seeded orders.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SEED = path.join(ROOT, 'apps/server/dist/seed.js');

/** Creates the PostgreSQL database named in `url` when it does not exist yet. */
async function createDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    console.log(`Creating database ${name}`);
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Runs `fn(query, client)` against the database (PostgreSQL URL or PGlite folder); null when the folder is absent. */
export async function withDatabase({ engine, databaseUrl, dataDir }, fn) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await fn((sql) => client.query(sql), client);
    } finally {
      await client.end();
    }
  }
  const folder = path.join(dataDir, 'pgdata');
  if (!existsSync(folder)) return null;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite(folder, { extensions: { pg_trgm } });
  try {
    return await fn((sql) => client.query(sql), client);
  } finally {
    await client.close();
  }
}

async function countOrders(query) {
  try {
    // Every order, the intake scenario's too (each has an externalId): a dataset an earlier intake run added to
    // is seeded again. Left in, its orders were the newest of the dataset and no partner's: 160,000 of them
    // after a few runs made a partner's list walk them all (2 s a request). Deleting them is no quicker than
    // seeding: each line's delete checks order_history.order_line_id, which has no index of its own.
    const { rows } = await query('select count(*)::int as n, count(external_id)::int as intake from orders');
    return rows[0].intake > 0 ? -rows[0].intake : rows[0].n;
  } catch (e) {
    if (e.code === '42P01') return 0; // not migrated yet
    // Seeded before orders had an externalId (migration 0015): every order is the seed's.
    if (e.code === '42703') return (await query('select count(*)::int as n from orders')).rows[0].n;
    throw e;
  }
}

function runSeeder(env, orders) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SEED, '--orders', String(orders), '--reset'], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeder exited with ${code}`))));
  });
}

/**
 * Makes sure the database holds exactly `orders` orders, seeding it (with --reset) when the count differs,
 * then vacuums and analyzes so the planner and the visibility map look like a settled production database.
 * Returns the environment the server needs to open it.
 */
export async function prepareDataset(target) {
  const { engine, orders, databaseUrl, dataDir } = target;
  const env = engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', DATA_DIR: dataDir };
  const where = engine === 'postgres' ? databaseUrl : path.relative(ROOT, dataDir);
  if (engine === 'postgres') await createDatabase(databaseUrl);
  const count = (await withDatabase(target, countOrders)) ?? 0;
  if (count === orders) {
    console.log(`Reusing ${where}: ${count.toLocaleString('en')} orders`);
    return env;
  }
  console.log(
    count < 0
      ? `${where} holds ${(-count).toLocaleString('en')} orders an intake run made: seeding ${orders.toLocaleString('en')} again …`
      : `${where} holds ${count.toLocaleString('en')} orders: seeding ${orders.toLocaleString('en')} …`,
  );
  const started = Date.now();
  await runSeeder(env, orders);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; vacuum analyze …`);
  await withDatabase(target, (query) => query('vacuum analyze'));
  return env;
}
