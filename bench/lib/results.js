// Formats a run as a Markdown table and keeps bench/RESULTS.md (newest run first).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, '..', 'RESULTS.md');
const MARKER = '<!-- runs: newest first (bench/run.js inserts new ones below this line) -->';

const INTRO = `# Benchmark results

\`npm run bench\` (see [README.md](README.md)) drives the API with autocannon (GET, 20 and 1 connections,
10 s per scenario unless stated) against the built server, each scenario beside the bare SQL it runs.

Targets (issue 12, this 2-core machine, PostgreSQL, 20 connections, at 100,000 and 1,000,000 orders):

- every list and detail p99 under **20 ms**, the dashboard under **5 ms**;
- API throughput at least **0.5×** the bare SQL's for every scenario ("API ÷ SQL");
- **PGlite at 10,000 orders**, one connection: every list and order detail under **30 ms** at the median.
`;

export function machine() {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${gib} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

const ms = (v) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : v);
/** CPU ms per request, as "a / b / c" with two decimals; "—" for what was not measured. */
const cpu = (...v) => v.map((x) => (typeof x === 'number' ? x.toFixed(2) : '—')).join(' / ');

/**
 * API and bare SQL side by side; "API ÷ SQL" is the API's requests/s over the SQL's. The CPU columns say where
 * each request's CPU went, in ms: the server, PostgreSQL and autocannon for the API; PostgreSQL and pgbench
 * for the SQL.
 */
export function table(rows) {
  const lines = [
    '| scenario | conns | API req/s | API p50 ms | API p99 ms | API mean ms | SQL req/s | SQL mean ms | API ÷ SQL | API CPU ms/req: server / PG / load | SQL CPU ms/req: PG / pgbench | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const sql = r.sql
        ? `${r.sql.rps.toFixed(0)} | ${ms(r.sql.mean)} | ${(r.rps / r.sql.rps).toFixed(2)}`
        : '— | — | —';
      const apiCpu = r.cpu ? cpu(r.cpu.server, r.cpu.db, r.cpu.load) : '—';
      const sqlCpu = r.sql?.cpu ? cpu(r.sql.cpu.db, r.sql.cpu.load) : '—';
      return `| ${r.name} | ${r.connections} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.mean)} | ${sql} | ${apiCpu} | ${sqlCpu} | ${r.errors + (r.sql?.errors ?? 0)} |`;
    }),
  ];
  return lines.join('\n');
}

/** Adds the run under the intro, keeping every earlier run below it. */
export function recordRun({ title, details, rows }) {
  return recordSection({ title, details, body: table(rows) });
}

/** Adds a section (a title, its details as a list, then `body`) under the intro, newest first. */
export function recordSection({ title, details, body }) {
  const section = `## ${title}\n\n${details.map((d) => `- ${d}`).join('\n')}\n\n${body}\n`;
  // Whatever sits above the marker (the intro, notes added by hand) is kept as it is.
  let head = INTRO;
  let earlier = '';
  if (existsSync(FILE)) {
    const text = readFileSync(FILE, 'utf8');
    const at = text.indexOf(MARKER);
    if (at !== -1) {
      head = text.slice(0, at).trimEnd() + '\n';
      earlier = text.slice(at + MARKER.length).trim();
    }
  }
  writeFileSync(FILE, `${head}\n${MARKER}\n\n${section}${earlier ? `\n${earlier}\n` : ''}`);
  return FILE;
}
