// `npm run bench`: seeds a large dataset, starts the built server and measures the order screens' API.
// Flags: see bench/README.md or `node bench/run.js --help`.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { prepareDataset } from './lib/dataset.js';
import { machine, recordRun, table } from './lib/results.js';
import { freePort, startServer } from './lib/server.js';
import { getJson, signIn } from './lib/session.js';

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
};

const HELP = `Usage: npm run bench -- [options]   (or: node bench/run.js [options] after building the server)
  --orders N         orders in the dataset (default 100000; 10000 with --pglite)
  --pglite           embedded PGlite in bench/.data/pglite-<N> instead of PostgreSQL
  --scenarios a,b    only these (${Object.keys(SCENARIOS).join(', ')})
  --duration S       seconds per scenario (default 10)
  --warmup S         unrecorded seconds before each scenario (default 2)
  --connections C    concurrent connections (default 20)
  --uncached         start the server with COUNT_CACHE_SECONDS=0 (totals and dashboard counted every time)
  --no-record        print the table without writing bench/RESULTS.md
Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/bloomline_bench)`;

function options() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      pglite: { type: 'boolean', default: false },
      scenarios: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
      'no-record': { type: 'boolean', default: false },
      uncached: { type: 'boolean', default: false },
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
    connections: whole('connections', values.connections, 1),
    record: !values['no-record'],
    uncached: values.uncached,
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/bloomline_bench',
    dataDir: path.resolve(import.meta.dirname, '.data', `pglite-${orders}`),
  };
}

/** What the paths need: a surname that exists, an order id and the middle page, from staff's first page. */
async function samples(baseUrl, cookie) {
  const first = await getJson(baseUrl, cookie, '/api/orders');
  const order = first.data[0];
  if (!order) throw new Error('the staff order list is empty');
  const surname = first.data.map((o) => o.lastName).find((n) => n && n.trim());
  if (!surname) throw new Error('no order on the first page has a surname to search for');
  return { orderId: order.id, surname, deepPage: Math.max(1, Math.floor(first.meta.last_page / 2)) };
}

function load(url, cookie, opts, duration) {
  return autocannon({
    url,
    method: 'GET',
    connections: opts.connections,
    duration,
    headers: { cookie, accept: 'application/json' },
  });
}

async function main() {
  const opts = options();
  if (opts.help) return console.log(HELP);
  const env = await prepareDataset(opts);
  const server = await startServer(
    opts.uncached ? { ...env, COUNT_CACHE_SECONDS: '0' } : env,
    await freePort(3400),
  );
  const stopOnSignal = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  try {
    const cookies = {
      staff: await signIn(server.baseUrl, STAFF),
      partner: await signIn(server.baseUrl, PARTNER),
    };
    const s = await samples(server.baseUrl, cookies.staff);
    const plan = opts.scenarios.map((name) => ({ name, ...SCENARIOS[name], url: SCENARIOS[name].path(s) }));
    // Every scenario must answer 200 before anything is measured.
    for (const p of plan) await getJson(server.baseUrl, cookies[p.as], p.url);

    const startLoad = os.loadavg()[0].toFixed(2);
    const rows = [];
    for (const p of plan) {
      const url = server.baseUrl + p.url;
      process.stdout.write(`${p.name.padEnd(16)} GET ${p.url} as ${p.as} … `);
      if (opts.warmup) await load(url, cookies[p.as], opts, opts.warmup);
      const r = await load(url, cookies[p.as], opts, opts.duration);
      // When nothing completed (every request timed out after 10 s) there are no latencies to report.
      const none = r.requests.total === 0;
      const row = {
        name: p.name,
        rps: r.requests.average,
        p50: none ? '—' : r.latency.p50,
        p99: none ? '—' : r.latency.p99,
        errors: r.non2xx + r.errors, // autocannon counts timeouts among errors
      };
      rows.push(row);
      console.log(`${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`);
    }

    const engineName = opts.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
    const cache = opts.uncached ? ', counts uncached' : '';
    const title = `${when} UTC — ${opts.orders.toLocaleString('en')} orders, ${engineName}${cache}`;
    const details = [
      `Machine: ${machine()}`,
      `Load: autocannon, ${opts.connections} connections, ${opts.duration} s per scenario after ${opts.warmup} s warm-up`,
      `1-minute load average before the first scenario: ${startLoad}`,
      `Samples: search "${s.surname}", deep page ${s.deepPage}, order ${s.orderId}`,
    ];
    console.log(`\n${title}\n${details.join('\n')}\n\n${table(rows)}\n`);
    if (opts.record)
      console.log(`Recorded in ${path.relative(process.cwd(), recordRun({ title, details, rows }))}`);
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    await server.stop();
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
});
