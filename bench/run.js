// `npm run bench`: seeds a large dataset, starts the built server and measures its API, each scenario beside
// the bare SQL the server runs for it (same statements, parameters and concurrency, without the server).
// Flags: see bench/README.md or `node bench/run.js --help`.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { prepareDataset, withDatabase } from './lib/dataset.js';
import { cpuPerRequest, cpuReading } from './lib/cpu.js';
import { machine, recordRun, table } from './lib/results.js';
import { freePort, startServer } from './lib/server.js';
import { captureStatements, clientRun, hasPgbench, pgbenchCanRun, pgbenchRun } from './lib/sql.js';
import { getJson, getOk, signIn } from './lib/session.js';
import { bulkScenario } from './lib/bulk.js';
import { driverSide } from './lib/drivers.js';
import { intakeLoad, intakeScript, postIntake, prepareShop } from './lib/intake.js';
import { lastMonth, todayInJohannesburg, yearRange } from './lib/range.js';

const STAFF = 'admin@example.com';
const PARTNER = 'florist@example.com';

/** Every scenario: who asks, and the path (built from what the first page of orders shows). */
const SCENARIOS = {
  'staff-list': { as: 'staff', path: () => '/api/orders' },
  'staff-filter': { as: 'staff', path: () => '/api/orders?filter=accepted' },
  'staff-search': { as: 'staff', path: (s) => `/api/orders?q=${encodeURIComponent(s.surname)}` },
  'staff-deep-page': { as: 'staff', path: (s) => `/api/orders?page=${s.deepPage}` },
  'partner-list': { as: 'partner', path: () => '/api/orders' },
  dashboard: { as: 'staff', path: () => '/api/dashboard' },
  'order-detail': { as: 'staff', path: (s) => `/api/orders/${s.orderId}` },
  'audit-filtered': { as: 'staff', path: () => '/api/audit?pT=order%20line&page=1' },
  'audit-list': { as: 'staff', path: () => '/api/audit' },
  'location-search': { as: 'staff', path: () => '/api/locations?q=cape' },
  'catalogue-list': { as: 'staff', path: () => '/api/components?s=wholesale_excl_vat&d=desc' },
  'partners-list': { as: 'staff', path: () => '/api/partners' },
  'refunds-list': { as: 'staff', path: () => '/api/v2/orders/refunds' },
  'returns-list': { as: 'staff', path: () => '/api/orders/returns' },
  'return-detail': { as: 'staff', path: (s) => `/api/orders/returns/${s.returnId}` },
  // The reports, each over the whole past year (issue 23: under a second at 1,000,000 orders).
  'report-partner-orders': { as: 'staff', path: (s) => `/api/reporting/partner-orders?${s.year}` },
  'report-profit-centres': { as: 'staff', path: (s) => `/api/reporting/profit-centre-revenue?${s.year}` },
  'report-fulfilment': { as: 'staff', path: (s) => `/api/reporting/average-fulfillment-time?${s.year}` },
  'report-components': { as: 'staff', path: (s) => `/api/reporting/component-sales?${s.year}` },
  'report-collection': { as: 'staff', path: () => '/api/reporting/collection-status' },
  // The demo florist's statement of last month, and its detailed PDF (issue 22: under a second).
  'statement-month': { as: 'partner', path: (s) => `/api/reporting/statements?month=${s.lastMonth}` },
  'statement-pdf': { as: 'partner', path: (s) => `/api/reporting/statements/${s.lastMonth}/detail` },
  // The shop's door (issue 34): a new order of two lines per request, over the bench's API keys.
  intake: { as: 'shop', method: 'POST', path: () => '/api/intake/orders' },
  // What every partner is due up to today, the payouts screen's list (issue 35: under a second at 1,000,000).
  'payouts-list': { as: 'staff', path: (s) => `/api/payouts?upTo=${s.today}` },
  // Search from anywhere (issue 40): an order by its number, a recipient's surname (staff: every kind of record;
  // a partner: their own orders), each one statement.
  'search-number': { as: 'staff', path: (s) => `/api/search?q=${encodeURIComponent(s.orderNumber)}` },
  'search-recipient': { as: 'staff', path: (s) => `/api/search?q=${encodeURIComponent(s.surname)}` },
  'search-partner': { as: 'partner', path: (s) => `/api/search?q=${encodeURIComponent(s.partnerSurname)}` },
  // A partner accepting 100 orders in one call, after staff assigned them in one (bench/lib/bulk.js): measured
  // call by call on orders the shop sends for it, not by autocannon.
  'bulk-accept': { as: 'partner', custom: true, path: () => '/api/orders/bulk' },
};

const HELP = `Usage: npm run bench -- [options]   (or: node bench/run.js [options] after building the server)
  --orders N         orders in the dataset (default 100000; 10000 with --pglite)
  --pglite           embedded PGlite in bench/.data/pglite-<N> instead of PostgreSQL
  --scenarios a,b    only these (${Object.keys(SCENARIOS).join(', ')})
  --duration S       seconds per scenario (default 10)
  --warmup S         unrecorded seconds before each scenario (default 2)
  --connections C,D  concurrency levels, each scenario at each (default 20,1; 1 with --pglite)
  --no-sql           measure the API only (no side-by-side SQL)
  --drivers          also run each scenario's SQL through node-postgres and postgres.js (PostgreSQL)
  --uncached         start the server with COUNT_CACHE_SECONDS=0 (totals and dashboard counted every time)
  --no-record        print the table without writing bench/RESULTS.md
  --bulk-rounds N    calls of bulk-accept at each concurrency (1 and 2), 100 orders each (default 5)
Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/bloomline_bench)`;

function options() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      pglite: { type: 'boolean', default: false },
      scenarios: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string' },
      'no-sql': { type: 'boolean', default: false },
      drivers: { type: 'boolean', default: false },
      'no-record': { type: 'boolean', default: false },
      uncached: { type: 'boolean', default: false },
      'bulk-rounds': { type: 'string', default: '5' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const whole = (name, v, min) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number ≥ ${min}, not "${v}"`);
    return n;
  };
  const engine = values.pglite ? 'pglite' : 'postgres';
  const orders = whole('orders', values.orders ?? (values.pglite ? '10000' : '100000'), 1);
  const scenarios = values.scenarios
    ? values.scenarios.split(',').map((s) => s.trim())
    : Object.keys(SCENARIOS);
  const unknown = scenarios.filter((s) => !(s in SCENARIOS));
  if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')}`);
  return {
    help: values.help,
    engine,
    orders,
    scenarios,
    duration: whole('duration', values.duration, 1),
    warmup: whole('warmup', values.warmup, 0),
    connections: (values.connections ?? (values.pglite ? '1' : '20,1'))
      .split(',')
      .map((c) => whole('connections', c.trim(), 1)),
    sql: !values['no-sql'],
    drivers: values.drivers,
    record: !values['no-record'],
    uncached: values.uncached,
    bulkRounds: whole('bulk-rounds', values['bulk-rounds'], 1),
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/bloomline_bench',
    dataDir: path.resolve(import.meta.dirname, '.data', `pglite-${orders}`),
  };
}

/**
 * What the paths need: a surname that exists, an order id and number and the middle page, from staff's first
 * page, and a surname of the partner's own orders.
 */
async function samples(baseUrl, cookies) {
  const cookie = cookies.staff;
  const first = await getJson(baseUrl, cookie, '/api/orders');
  const order = first.data[0];
  if (!order) throw new Error('the staff order list is empty');
  const surname = first.data.map((o) => o.lastName).find((n) => n && n.trim());
  if (!surname) throw new Error('no order on the first page has a surname to search for');
  const returns = await getJson(baseUrl, cookie, '/api/orders/returns');
  const returnId = returns.data[0]?.id;
  if (!returnId) throw new Error('the returns list is empty');
  const theirs = await getJson(baseUrl, cookies.partner, '/api/orders');
  const partnerSurname = theirs.data.map((o) => o.lastName).find((n) => n && n.trim());
  if (!partnerSurname) throw new Error("no order on the partner's first page has a surname to search for");
  return {
    orderId: order.id,
    // An order number as people type it: the digits alone.
    orderNumber: order.name.replace(/^#BL/, ''),
    partnerSurname,
    surname,
    deepPage: Math.max(1, Math.floor(first.meta.last_page / 2)),
    returnId,
    year: yearRange(),
    lastMonth: lastMonth(),
    today: todayInJohannesburg(),
  };
}

function load(url, cookie, connections, duration) {
  // The shop's scenario sends a new order each time (`cookie` is then the shop: its keys and variant).
  if (typeof cookie === 'object') return autocannon(intakeLoad(url, cookie, connections, duration));
  return autocannon({
    url,
    method: 'GET',
    connections,
    duration,
    headers: { cookie, accept: 'application/json' },
  });
}

/** Signs staff and the partner in, takes the samples and (unless `check` is false) sees every scenario answer 200. */
async function prepare(baseUrl, opts, samplesOf, check = true) {
  const cookies = { staff: await signIn(baseUrl, STAFF), partner: await signIn(baseUrl, PARTNER) };
  const s = samplesOf ?? (await samples(baseUrl, cookies));
  const plan = opts.scenarios.map((name) => ({ name, ...SCENARIOS[name], url: SCENARIOS[name].path(s) }));
  if (plan.some((p) => p.as === 'shop')) cookies.shop = await prepareShop(baseUrl, cookies.staff);
  if (check) for (const p of plan) if (!p.custom) await request(baseUrl, cookies[p.as], p);
  return { cookies, s, plan };
}

/** One request of a scenario: a GET, or the shop's new order. */
const request = (baseUrl, cookie, p) =>
  p.as === 'shop' ? postIntake(baseUrl, cookie) : getOk(baseUrl, cookie, p.url);

/** How long the capture lets a scenario's first request finish its background work (page anchors). */
const CAPTURE_SETTLE_MS = 2_500;

/** The ids of the keys the shop's scenario spreads its orders over (for its pgbench script). */
let shopKeyIds = [];

/** Scenarios whose steady-state request runs no SQL: their SQL side is what the server's cache stands in for. */
const cachedScenarios = new Set();

/** The SQL each scenario runs, from a server started with SQL_TRACE_FILE for the purpose. */
async function captureAll(env, port, opts) {
  const traceFile = path.join(os.tmpdir(), `bench-sql-trace-${process.pid}.jsonl`);
  rmSync(traceFile, { force: true });
  const server = await startServer({ ...env, SQL_TRACE_FILE: traceFile }, port);
  try {
    // Unchecked: the capture's own first request of each scenario must find the server's caches cold.
    const { cookies, s, plan } = await prepare(server.baseUrl, opts, undefined, false);
    const statements = {};
    for (const p of plan) {
      if (p.custom) continue;
      const captured = await captureStatements(
        traceFile,
        () => request(server.baseUrl, cookies[p.as], p),
        CAPTURE_SETTLE_MS,
        // The intake's order is made in a transaction: its SQL side runs in one too.
        { transactions: p.as === 'shop' },
      );
      if (p.as === 'shop') shopKeyIds = cookies.shop.ids;
      statements[p.name] = captured.statements;
      if (captured.cached) cachedScenarios.add(p.name);
    }
    return { statements, s };
  } finally {
    await server.stop();
    rmSync(traceFile, { force: true });
  }
}

/** The bare SQL of every scenario at every concurrency: pgbench on PostgreSQL, PGlite's client in-process. */
async function sqlSide(opts, statements) {
  const results = {};
  const pgbench = opts.engine === 'postgres' && (await hasPgbench());
  const key = (name, c) => `${name}@${c}`;
  const runs = opts.connections.flatMap((c) =>
    opts.scenarios.filter((name) => !SCENARIOS[name].custom).map((name) => ({ name, c })),
  );
  if (opts.engine === 'postgres') {
    for (const { name, c } of runs) {
      const list = statements[name];
      if (list.length === 0) {
        console.log(`SQL ${name}: the request ran no statement`);
        continue;
      }
      if (!pgbench || !pgbenchCanRun(list)) {
        console.log(`${name}: pgbench cannot run its SQL; no side-by-side figure`);
        continue;
      }
      process.stdout.write(`SQL ${name.padEnd(16)} ×${c} (${list.length} statement(s), pgbench) … `);
      const build = name === 'intake' ? (l) => intakeScript(l, { keyIds: shopKeyIds }) : undefined;
      const r = await pgbenchRun(opts.databaseUrl, list, { ...opts, connections: c }, build);
      results[key(name, c)] = { ...r, via: 'pgbench' };
      console.log(`${r.rps.toFixed(0)} req/s, mean ${r.mean} ms`);
    }
  } else {
    await withDatabase(opts, async (query, client) => {
      for (const { name, c } of runs) {
        const list = statements[name];
        // A new order each time needs a new externalId and order id per run: pgbench's \gset, not PGlite.
        if (name === 'intake') {
          console.log('SQL intake: measured on PostgreSQL only (each run makes a new order)');
          continue;
        }
        process.stdout.write(`SQL ${name.padEnd(16)} ×1 (${list.length} statement(s), PGlite) … `);
        const r = await clientRun((text, values) => client.query(text, values), list, opts);
        results[key(name, c)] = { ...r, via: 'PGlite' };
        console.log(`${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
      }
    });
  }
  return (name, c) => results[key(name, c)];
}

/** Scenarios that add to the dataset: measured in a pass of their own, after every other scenario's. */
const WRITES = new Set(['intake']);

async function main() {
  const opts = options();
  if (opts.help) return console.log(HELP);
  const env = await prepareDataset(opts);
  // The intake's orders (the newest of the dataset, none a partner's) slowed every read measured after them: a
  // partner's list walked them all. So reads are measured first, API and SQL, then the intake.
  const passes = [
    opts.scenarios.filter((n) => !WRITES.has(n)),
    opts.scenarios.filter((n) => WRITES.has(n)),
  ].filter((p) => p.length > 0);
  const rows = [];
  let captured = false;
  let startLoad;
  let s;
  for (const scenarios of passes) {
    const pass = await measure({ ...opts, scenarios }, env);
    rows.push(...pass.rows);
    captured ||= pass.captured;
    startLoad ??= pass.startLoad;
    s ??= pass.s;
  }
  report(opts, { rows, captured, startLoad, s });
}

/** One pass: the scenarios' SQL captured, the API under load at each concurrency, then the bare SQL. */
async function measure(opts, env) {
  const port = await freePort(3400);
  const serverEnv = opts.uncached ? { ...env, COUNT_CACHE_SECONDS: '0' } : env;
  const captured = opts.sql ? await captureAll(serverEnv, port, opts) : undefined;
  const server = await startServer(serverEnv, port);
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  const rows = [];
  let startLoad;
  let s;
  try {
    const prepared = await prepare(server.baseUrl, opts, captured?.s);
    s = prepared.s;
    startLoad = os.loadavg()[0].toFixed(2);
    for (const c of opts.connections) {
      for (const p of prepared.plan.filter((q) => !q.custom)) {
        const url = server.baseUrl + p.url;
        const cookie = prepared.cookies[p.as];
        process.stdout.write(`API ${p.name.padEnd(16)} ×${c} ${p.method ?? 'GET'} ${p.url} as ${p.as} … `);
        if (opts.warmup) await load(url, cookie, c, opts.warmup);
        const before = cpuReading(server.pid);
        const r = await load(url, cookie, c, opts.duration);
        const cpu = cpuPerRequest(before, cpuReading(server.pid), r.requests.total);
        // When nothing completed (every request timed out after 10 s) there are no latencies to report.
        const none = r.requests.total === 0;
        const row = {
          name: p.name,
          connections: c,
          rps: r.requests.average,
          p50: none ? '—' : r.latency.p50,
          p99: none ? '—' : r.latency.p99,
          mean: none ? '—' : r.latency.average,
          errors: r.non2xx + r.errors, // autocannon counts timeouts among errors
          // On PGlite the database runs inside the server: its CPU is the server's.
          cpu: opts.engine === 'postgres' ? cpu : { ...cpu, db: null },
        };
        rows.push(row);
        console.log(
          `${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`,
        );
      }
    }
    if (prepared.plan.some((p) => p.name === 'bulk-accept'))
      rows.push(
        ...(await bulkScenario(server.baseUrl, prepared.cookies, {
          connections: [1, 2],
          rounds: opts.bulkRounds,
        })),
      );
  } finally {
    process.off('SIGINT', stopOnSignal);
    await server.stop();
  }

  // The server is stopped first: PGlite's folder has one owner, and PostgreSQL gets the machine to itself.
  if (captured && opts.drivers && opts.engine === 'postgres') {
    const names = opts.scenarios.filter((n) => !SCENARIOS[n].custom && !WRITES.has(n));
    await driverSide(opts, captured.statements, names);
  }
  if (captured) {
    const sqlOf = await sqlSide(opts, captured.statements);
    for (const row of rows) {
      row.sql = sqlOf(row.name, row.connections);
      if (cachedScenarios.has(row.name)) row.name += ' (cached†)';
    }
  }
  return { rows, captured: Boolean(captured), startLoad, s };
}

/** The run's table, printed and (unless --no-record) kept in bench/RESULTS.md. */
function report(opts, { rows, captured, startLoad, s }) {
  const engineName = opts.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const cache = opts.uncached ? ', counts uncached' : '';
  const title = `${when} UTC — ${opts.orders.toLocaleString('en')} orders, ${engineName}${cache}`;
  const details = [
    `Machine: ${machine()}`,
    `Load: autocannon, ${opts.connections.join(' and ')} connection(s), ${opts.duration} s per scenario after ${opts.warmup} s warm-up`,
    captured
      ? `SQL: the statements each request sent (captured with SQL_TRACE_FILE), run by ${opts.engine === 'postgres' ? 'pgbench -M prepared at the same concurrency' : 'PGlite in-process, one connection'}`
      : 'SQL: not measured (--no-sql)',
    `1-minute load average before the first scenario: ${startLoad}`,
    `Samples: search "${s.surname}", deep page ${s.deepPage}, order ${s.orderId}, return ${s.returnId}; search box "${s.orderNumber}" and "${s.surname}" (staff), "${s.partnerSurname}" (partner)`,
  ];
  if (cachedScenarios.size)
    details.push(
      "† answered from the server's cache in steady state (no SQL per request): its SQL column is the uncached statement the cache stands in for",
    );
  console.log(`\n${title}\n${details.join('\n')}\n\n${table(rows)}\n`);
  if (opts.record)
    console.log(`Recorded in ${path.relative(process.cwd(), recordRun({ title, details, rows }))}`);
  if (rows.some((r) => r.errors > 0 || r.sql?.errors > 0)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(`bench failed: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
});
