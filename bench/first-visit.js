// `npm run bench:first-visit`: the first visit on a phone, measured by Lighthouse (mobile, simulated slow 4G,
// 4× CPU slowdown: its defaults) against the built app, for the sign-in page and a partner's dashboard.
// Lighthouse runs through npx (it is large and only this script needs it); Chromium from CHROME_PATH or the PATH.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { prepareDataset } from './lib/dataset.js';
import { machine, recordSection } from './lib/results.js';
import { freePort, startServer } from './lib/server.js';
import { signIn } from './lib/session.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';

function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
  if (found) return found;
  throw new Error('no Chromium found: set CHROME_PATH');
}

function lighthouse(url, extraHeaders) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const out = path.join(dir, 'report.json');
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
    ...(extraHeaders ? [`--extra-headers=${JSON.stringify(extraHeaders)}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH: chromePath() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited ${code}: ${err.slice(-800)}`);
        resolve(JSON.parse(readFileSync(out, 'utf8')));
      } catch (e) {
        reject(e);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

/** What a report says about the page: the score, its metrics, and the bytes by kind (as sent and as code). */
function summarise(name, report) {
  if (report.runtimeError) throw new Error(`${name}: ${report.runtimeError.message}`);
  const audit = (id) => report.audits[id];
  const requests = audit('network-requests').details.items;
  const of = (type) => requests.filter((r) => r.resourceType === type);
  const sum = (items, field) => items.reduce((n, r) => n + (r[field] ?? 0), 0);
  const scripts = of('Script');
  const styles = of('Stylesheet');
  return {
    name,
    url: report.finalDisplayedUrl,
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint').displayValue,
    lcp: audit('largest-contentful-paint').displayValue,
    tbt: audit('total-blocking-time').displayValue,
    si: audit('speed-index').displayValue,
    js: `${kb(sum(scripts, 'transferSize'))} sent (${kb(sum(scripts, 'resourceSize'))} code) in ${scripts.length} files`,
    css: `${kb(sum(styles, 'transferSize'))} sent (${kb(sum(styles, 'resourceSize'))})`,
    total: kb(sum(requests, 'transferSize')),
  };
}

async function main() {
  const { values } = parseArgs({ options: { 'no-record': { type: 'boolean', default: false } } });
  const dataDir = path.resolve(import.meta.dirname, '.data', 'pglite-first-visit');
  const env = await prepareDataset({ engine: 'pglite', orders: 1000, dataDir });
  const server = await startServer(env, await freePort(3500));
  const rows = [];
  try {
    const partner = await signIn(server.baseUrl, 'florist@example.com');
    for (const [name, url, headers] of [
      ['sign-in page', `${server.baseUrl}/login`, undefined],
      ['partner dashboard', `${server.baseUrl}/dashboard`, { Cookie: partner }],
    ]) {
      process.stdout.write(`${name} … `);
      const row = summarise(name, await lighthouse(url, headers));
      if (!row.url.endsWith(new URL(url).pathname)) throw new Error(`${name} ended on ${row.url}`);
      rows.push(row);
      console.log(`score ${row.score}, LCP ${row.lcp}, JS ${row.js}`);
    }
  } finally {
    await server.stop();
  }
  const lines = [
    '| page | score | FCP | LCP | TBT | Speed Index | JavaScript | CSS | all bytes sent |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.score} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.si} | ${r.js} | ${r.css} | ${r.total} |`,
    ),
  ].join('\n');
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const title = `${when} UTC — first visit (Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, simulated slow 4G)`;
  const details = [
    `Machine: ${machine()}`,
    'Built app served by `node apps/server/dist/main.js` (PGlite, 1,000 orders)',
  ];
  console.log(`\n${title}\n\n${lines}\n`);
  if (!values['no-record']) recordSection({ title, details, body: lines });
}

main().catch((e) => {
  console.error(`first-visit bench failed: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
});
