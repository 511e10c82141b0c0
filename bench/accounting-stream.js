// `npm run bench:accounting`: the accounting CSV of the past year streamed from the built server (issue 23):
// time to the first byte, rows a second, and the server's resident memory from the first row to the last
// (read from /proc every 100 ms). Flags: --orders N (default 1000000), --pglite (10,000 orders), --no-record,
// --days N (the last N days only), --warm (one export sent and dropped before the measured one).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { prepareDataset } from './lib/dataset.js';
import { yearRange } from './lib/range.js';
import { machine, recordSection } from './lib/results.js';
import { freePort, NODE_FLAGS, startServer } from './lib/server.js';
import { signIn } from './lib/session.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string' },
    pglite: { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
    /** Only the last N days of the year (to compare the memory of a short range with a whole year's). */
    days: { type: 'string' },
    /**
     * Measure on a server that has already sent one export (the last 30 days, read to the end and dropped), as a
     * server in use has: the first export of a fresh process also grows V8's young generation to its working
     * size once, which is not the stream's memory. Both are reported in bench/RESULTS.md.
     */
    warm: { type: 'boolean', default: false },
  },
});
const orders = Number(values.orders ?? (values.pglite ? 10_000 : 1_000_000));
const target = values.pglite
  ? { engine: 'pglite', orders, dataDir: path.resolve(import.meta.dirname, '.data', `pglite-${orders}`) }
  : {
      engine: 'postgres',
      orders,
      databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/bloomline_bench',
    };

/** `startDate`/`endDate` of the last `n` days up to today. */
function lastDays(n) {
  const end = new URLSearchParams(yearRange()).get('endDate');
  const start = new Date(`${end}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - n + 1);
  return `startDate=${start.toISOString().slice(0, 10)}&endDate=${end}`;
}

/** The process's resident memory in MB (Linux). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function main() {
  const env = await prepareDataset(target);
  const port = await freePort();
  const server = await startServer(env, port);
  try {
    const cookie = await signIn(server.baseUrl, 'admin@example.com');
    if (values.warm) {
      const warmUp = await fetch(`${server.baseUrl}/api/reporting/accounting-csv?${lastDays(30)}`, {
        headers: { cookie, accept: 'text/csv' },
      });
      for await (const chunk of warmUp.body) void chunk;
    }
    const range = values.days ? lastDays(Number(values.days)) : yearRange();
    const url = `${server.baseUrl}/api/reporting/accounting-csv?${range}`;
    const rssBefore = rssMb(server.pid);
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie, accept: 'text/csv' } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    let firstByteMs = null;
    let firstRowRss = null;
    let peakRss = rssBefore;
    let lines = 0;
    let bytes = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.pid));
    }, 100);
    for await (const chunk of res.body) {
      if (firstByteMs === null) {
        firstByteMs = performance.now() - started;
        firstRowRss = rssMb(server.pid);
      }
      bytes += chunk.byteLength;
      // Rows are counted by their line ends, as bytes (decoding 200 MB of text here would take the CPU the
      // server needs on a small machine); quoted cells never hold one (the report writes none).
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    }
    clearInterval(sampler);
    const totalMs = performance.now() - started;
    const lastRowRss = rssMb(server.pid);
    const rows = lines - 1; // the header
    const rowsPerSecond = Math.round(rows / (totalMs / 1000));
    const growth = Math.max(peakRss, lastRowRss) - (firstRowRss ?? rssBefore);
    const summary = [
      `rows ${rows.toLocaleString('en')}, ${(bytes / 1e6).toFixed(1)} MB in ${(totalMs / 1000).toFixed(2)} s`,
      `first byte after ${firstByteMs?.toFixed(0)} ms`,
      `${rowsPerSecond.toLocaleString('en')} rows a second`,
      `server RSS: ${rssBefore.toFixed(0)} MB before, ${firstRowRss?.toFixed(0)} MB at the first row, peak ${peakRss.toFixed(0)} MB, ${lastRowRss.toFixed(0)} MB at the last; growth first row → peak ${growth.toFixed(0)} MB`,
    ];
    console.log(summary.join('\n'));
    if (!values['no-record']) {
      const file = recordSection({
        title: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — accounting CSV of a year, ${orders.toLocaleString('en')} orders, ${target.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
        details: [
          `Machine: ${machine()}`,
          `GET /api/reporting/accounting-csv?${range} with Accept: text/csv, one client, read to the end${values.warm ? ', on a server that has sent the last 30 days once before (--warm)' : ', on a fresh server'}`,
          `Node flags: ${NODE_FLAGS.join(' ') || '(none)'}`,
        ],
        body: summary.map((s) => `- ${s}`).join('\n'),
      });
      console.log(`Recorded in ${file}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
