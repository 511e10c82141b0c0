// Starts the built server as a child process on a free port and stops it again.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { ROOT } from './dataset.js';

const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** The first port from `start` on that nothing listens on. */
export async function freePort(start = 3400) {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${start}–${start + 99}`);
}

/** Node's flags as `npm start` passes them (read from package.json), so the bench measures what is deployed. */
export const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : startFlags();

function startFlags() {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const flags = /\bnode ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts.start);
  if (!flags)
    throw new Error("bench: package.json's start script no longer runs node apps/server/dist/main.js");
  return flags[1].split(' ').filter(Boolean);
}

/** Starts `node apps/server/dist/main.js`; resolves once GET /health answers 200. */
export async function startServer(env, port) {
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The month-end statement worker's poll (one small query every 5 s) would join the SQL trace of a scenario.
      STATEMENT_RUN_POLL_SECONDS: '0',
      // So would the e-mail jobs' poll and the jobs' upkeep: an hour between looks, no schedules.
      JOB_POLL_SECONDS: '3600',
      JOBS_SCHEDULE: 'false',
    },
    // BENCH_SERVER_STDOUT=<file> keeps what the server prints (e.g. with BENCH_NODE_FLAGS=--trace-gc).
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'w') : 'ignore',
      'inherit',
    ],
  });
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? code));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null) throw new Error(`server exited (${exited}) before it was healthy`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server not healthy after 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    /** SIGTERM, then SIGKILL when it has not exited after 15 s. */
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
