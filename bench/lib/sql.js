// The bare SQL behind each scenario: captured from the server itself, then run without the server at the
// same concurrency (pgbench on PostgreSQL, PGlite's own client for the embedded database).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import utils from 'pg/lib/utils.js';

import { cpuPerRequest, cpuReading, postgresProcessCount, postgresSettled } from './cpu.js';
import { percentile } from './stats.js';

/** The statements traced between byte offsets `from` and `to` (the end when absent). */
const traced = (file, from, to, transactions = false) =>
  readFileSync(file)
    .subarray(from, to)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => transactions || !/^\s*(begin|commit|rollback)\b/i.test(s.text));

const sizeOf = (file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/**
 * The statements one request runs in steady state: the request is made once to warm the server's caches
 * (sessions, totals) and start its background work (a deep page's anchors: about 1.2 s at 1,000,000 orders),
 * then, `settleMs` later, again while the server appends its SQL to `traceFile`; what the second one sent
 * is the scenario's SQL. When the second sent none (the answer came from a cache), the first request's
 * statements are returned with `cached: true`: the SQL the cache stands in for. `get` makes the request.
 */
export async function captureStatements(traceFile, get, settleMs = 0, { transactions = false } = {}) {
  const start = sizeOf(traceFile);
  await get();
  if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs));
  const middle = sizeOf(traceFile);
  await get();
  const warm = traced(traceFile, middle, undefined, transactions);
  if (warm.length > 0) return { statements: warm, cached: false };
  return { statements: traced(traceFile, start, middle, transactions), cached: true };
}

/** A parameter as node-postgres puts it on the wire (text), which is what pgbench must send too. */
const wire = (value) => utils.prepareValue(value);

/**
 * A pgbench script running `statements` in order as one transaction-less "request": every `$n` becomes a
 * pgbench variable (sent as a parameter of the prepared statement, as the server sends it); a null
 * parameter is written as NULL, since pgbench variables cannot be null.
 */
export function pgbenchScript(statements) {
  const defines = [];
  const lines = statements.map((s, i) => {
    const sql = s.text.replace(/\$(\d+)\b/g, (_, n) => {
      const value = wire(s.values[Number(n) - 1]);
      if (value === null || value === undefined) return 'NULL';
      const name = `v${i}_${n}`;
      defines.push(`${name}=${value}`);
      return `:${name}`;
    });
    return `${sql.replace(/\s+/g, ' ').trim()};`;
  });
  return { script: lines.join('\n') + '\n', defines };
}

/** pgbench reads `:name` anywhere, quotes included: a script with a colon-word it did not write cannot run. */
export function pgbenchCanRun(statements) {
  return statements.every((s) => !/(?<!:):[A-Za-z_]/.test(s.text));
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${out.slice(-600)}`)),
    );
  });
}

/** Whether pgbench is on the PATH (Debian: postgresql-client). */
export async function hasPgbench() {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the statements with pgbench (prepared statements, `connections` clients, two threads at most) for
 * `duration` seconds after `warmup` unrecorded ones. Its throughput and mean latency are what it reports;
 * its per-request log is not used, since pgbench reuses a clock reading across requests that complete in
 * one wake-up and logs many of them as taking 0 µs.
 */
export async function pgbenchRun(
  databaseUrl,
  statements,
  { connections, duration, warmup },
  build = pgbenchScript,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-sql-'));
  try {
    const { script, defines } = build(statements);
    const file = path.join(dir, 'request.sql');
    writeFileSync(file, script);
    const common = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      String(Math.min(connections, 2)),
    ];
    const args = (seconds) => [
      ...common,
      '-T',
      String(seconds),
      ...defines.flatMap((d) => ['-D', d]),
      '-f',
      file,
      databaseUrl,
    ];
    // pgbench's backends end after it does: wait for them, so each reading holds all their CPU.
    const processes = postgresProcessCount();
    if (warmup) await run('pgbench', args(warmup));
    await postgresSettled(processes);
    const before = cpuReading();
    const out = await run('pgbench', args(duration));
    await postgresSettled(processes);
    const after = cpuReading();
    const number = (re) => Number(re.exec(out)?.[1] ?? NaN);
    const done = number(/number of transactions actually processed: (\d+)/);
    return {
      rps: number(/tps = ([\d.]+) \(without initial connection time\)/),
      mean: number(/latency average = ([\d.]+) ms/),
      errors: number(/number of failed transactions: (\d+)/) || 0,
      cpu: cpuPerRequest(before, after, done, { loadIsChild: true }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One connection, in this process: the statements run in order through `query(text, values)` for
 * `duration` seconds after `warmup` (PGlite, which serves one connection).
 */
export async function clientRun(query, statements, { duration, warmup }) {
  const once = async () => {
    for (const s of statements) await query(s.text, s.values);
  };
  const until = async (ms, latencies) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const t = performance.now();
      await once();
      latencies?.push(performance.now() - t);
    }
  };
  await until(warmup * 1000);
  const latencies = [];
  const started = performance.now();
  await until(duration * 1000, latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    mean: latencies.reduce((n, l) => n + l, 0) / latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: 0,
  };
}
