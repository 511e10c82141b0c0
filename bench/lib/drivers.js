// Issue 39: the driver chosen by measurement. The statements a request runs, as the server sends them, through
// node-postgres (named prepared statements, as db/client.ts runs them: Parse once, then Bind, Describe, Execute and
// Sync on every call) and through postgres.js (prepared, its description kept: Bind, Execute and Sync), each at the
// same concurrency and for the same time, beside pgbench. What each costs this process and PostgreSQL per request
// is read from /proc as for the API.
import { createHash } from 'node:crypto';

import pg from 'pg';
import utils from 'pg/lib/utils.js';
import postgres from 'postgres';

import { cpuPerRequest, cpuReading, postgresSettled, postgresProcessCount } from './cpu.js';

const nameOf = (text) => `b_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

/** `connections` loops each running the statements in order for `duration` s after `warmup` s; req/s and CPU. */
async function load(runOnce, { connections, duration, warmup }) {
  const loop = async (until, count) => {
    let n = 0;
    while (performance.now() < until) {
      await runOnce();
      n += 1;
    }
    if (count) count.n += n;
  };
  const all = (ms, count) => {
    const until = performance.now() + ms;
    return Promise.all(Array.from({ length: connections }, () => loop(until, count)));
  };
  await all(warmup * 1000);
  const count = { n: 0 };
  const before = cpuReading(null);
  const started = performance.now();
  await all(duration * 1000, count);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuPerRequest(before, cpuReading(null), count.n);
  return { rps: count.n / seconds, cpu: { client: cpu.load, db: cpu.db } };
}

/** The statements through node-postgres's pool, each named (prepared once per connection). */
export async function nodePostgresRun(databaseUrl, statements, opts) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.connections });
  try {
    const named = statements.map((s) => ({ name: nameOf(s.text), text: s.text, values: s.values }));
    return await load(async () => {
      for (const s of named) await pool.query(s);
    }, opts);
  } finally {
    await pool.end();
  }
}

/** The statements through postgres.js, prepared (its default), with as many connections. */
export async function postgresJsRun(databaseUrl, statements, opts) {
  const sql = postgres(databaseUrl, { max: opts.connections, prepare: true, onnotice: () => undefined });
  try {
    // Each value as node-postgres writes it (text, its type left to PostgreSQL to infer), so both send the same.
    const wire = statements.map((s) => ({
      text: s.text,
      values: s.values.map((v) => utils.prepareValue(v)),
    }));
    return await load(async () => {
      for (const s of wire) await sql.unsafe(s.text, s.values, { prepare: true });
    }, opts);
  } finally {
    await sql.end({ timeout: 5 });
    await postgresSettled(postgresProcessCount());
  }
}

/**
 * node-postgres without the Describe it sends on every execution: a connection keeps each named statement's row
 * description the first time and feeds it to the later executions itself (Bind, Execute and Sync, as pgbench).
 */
class DescribedOnce extends pg.Query {
  prepare(connection) {
    const kept = (connection.keptFields ??= new Map());
    const fields = this.name ? kept.get(this.name) : undefined;
    if (!fields || !this.hasBeenParsed(connection)) {
      const handle = this.handleRowDescription;
      this.handleRowDescription = (msg) => {
        if (this.name) kept.set(this.name, msg.fields);
        handle.call(this, msg);
      };
      return super.prepare(connection);
    }
    connection.bind({
      portal: this.portal,
      statement: this.name,
      values: this.values,
      binary: this.binary,
      valueMapper: utils.prepareValue,
    });
    this.handleRowDescription({ fields });
    this._getRows(connection, this.rows);
  }
}

export async function nodePostgresKeptRun(databaseUrl, statements, opts) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.connections });
  try {
    const named = statements.map((s) => ({ name: nameOf(s.text), text: s.text, values: s.values }));
    const run = (client, s) =>
      new Promise((resolve, reject) => {
        client.query(new DescribedOnce(s, undefined, (err, res) => (err ? reject(err) : resolve(res))));
      });
    return await load(async () => {
      const client = await pool.connect();
      try {
        for (const s of named) await run(client, s);
      } finally {
        client.release();
      }
    }, opts);
  } finally {
    await pool.end();
  }
}

/**
 * The same statements through each driver, as the server would send them without the server (issue 39): printed
 * beside pgbench's figure, for the scenarios `names` (run.js leaves out those that write: each run needs new values).
 */
export async function driverSide(opts, statements, names) {
  const fmt = (n) => (n === null ? '—' : n.toFixed(2));
  for (const c of opts.connections)
    for (const name of names) {
      const list = statements[name];
      if (!list?.length) continue;
      for (const [driver, run] of [
        ['node-postgres', nodePostgresRun],
        ['postgres.js', postgresJsRun],
        ['node-postgres, described once', nodePostgresKeptRun],
      ]) {
        process.stdout.write(`driver ${name.padEnd(16)} ×${c} ${driver.padEnd(13)} … `);
        const r = await run(opts.databaseUrl, list, { ...opts, connections: c });
        console.log(
          `${r.rps.toFixed(0)} req/s; CPU ms/req: client ${fmt(r.cpu.client)}, PostgreSQL ${fmt(r.cpu.db)}`,
        );
      }
    }
}
