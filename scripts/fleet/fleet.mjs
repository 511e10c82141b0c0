// A fleet of Bloomline instances over one PostgreSQL behind nginx: `npm run fleet` and the fleet test.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensureNginx, startNginx } from './nginx.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER = path.join(ROOT, 'apps/server/dist/main.js');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether nothing listens on `port` of 127.0.0.1 (a listener of our own opens and closes at once). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The first port from `from` (stepping by `count`) where `count` ports in a row are free: the balancer's and its
 * instances'. A fixed port taken by something else on the machine (another fleet, a server left running) made
 * an instance exit at start with EADDRINUSE.
 */
export async function freePorts(count, from = 3600) {
  for (let base = from; base + count < 65_536; base += count) {
    let free = true;
    for (let p = base; p < base + count && free; p += 1) free = await portFree(p);
    if (free) return base;
  }
  throw new Error(`no ${String(count)} free ports in a row from ${String(from)}`);
}

/** The last lines of a file, or a note that it cannot be read. */
function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch (err) {
    return `(${file}: ${err instanceof Error ? err.message : String(err)})`;
  }
}

/**
 * Waits until `url` answers 200 (an instance's /ready), or throws after `ms`. `logFile`, when given, is the
 * instance's log: its tail goes into the error, so a failed start says why.
 */
export async function waitReady(url, ms = 120_000, isAlive = () => true, logFile = undefined) {
  const until = Date.now() + ms;
  const why = () => (logFile ? `; the end of its log (${logFile}):\n${tail(logFile)}` : '');
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${url}: the instance exited before it was ready${why()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} was not ready within ${String(ms / 1000)} s${why()}`);
}

/**
 * Starts `size` instances of the built server (apps/server/dist) on ports port+1… over `databaseUrl`, each
 * with a data folder of its own under `dir` (its outbox, its log), behind nginx on `port`. Answers the fleet:
 * its balancer's address, its instances, and the operations a deploy needs.
 * @param {{ size?: number, port: number, databaseUrl: string, dir: string, env?: Record<string, string>,
 *   log?: (line: string) => void }} options
 */
export async function startFleet({ size = 3, port, databaseUrl, dir, env = {}, log = () => {} }) {
  if (!existsSync(SERVER))
    throw new Error('fleet: apps/server/dist/main.js is missing; run `npm run build` first.');
  const nginxPath = ensureNginx();
  mkdirSync(dir, { recursive: true });
  const instances = Array.from({ length: size }, (_, i) => ({
    index: i,
    port: port + 1 + i,
    dataDir: path.join(dir, `instance-${String(i + 1)}`),
    /** @type {import('node:child_process').ChildProcess | undefined} */
    proc: undefined,
    /** @type {Promise<number | null> | undefined} */
    exited: undefined,
    down: false,
  }));

  const logOf = (instance) => path.join(instance.dataDir, 'server.log');

  function launch(instance) {
    mkdirSync(instance.dataDir, { recursive: true });
    const out = createWriteStream(logOf(instance), { flags: 'a' });
    const proc = spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATA_DIR: instance.dataDir,
        TRUST_PROXY: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout.pipe(out);
    proc.stderr.pipe(out);
    instance.proc = proc;
    instance.exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
    log(
      `instance ${String(instance.index + 1)} started on port ${String(instance.port)} (pid ${String(proc.pid)})`,
    );
  }

  const readyUrl = (instance) => `http://127.0.0.1:${String(instance.port)}/ready`;
  const alive = (instance) => () => instance.proc?.exitCode === null && instance.proc?.signalCode === null;

  // All at once: they take turns to migrate and seed under the start-up lock.
  instances.forEach(launch);
  await Promise.all(instances.map((i) => waitReady(readyUrl(i), 240_000, alive(i), logOf(i))));
  const nginx = await startNginx({
    nginx: nginxPath,
    prefix: path.join(dir, 'nginx'),
    port,
    upstreams: instances.map((i) => ({ port: i.port })),
  });
  const upstreams = () => instances.map((i) => ({ port: i.port, down: i.down }));
  log(`nginx on http://127.0.0.1:${String(port)} over ${String(size)} instances`);

  const fleet = {
    url: `http://127.0.0.1:${String(port)}`,
    instances,
    nginx,
    /** The instance's own address (past the balancer). */
    direct: (i) => `http://127.0.0.1:${String(instances[i].port)}`,
    /** Sends a signal to instance `i` and waits for it to exit; answers its exit code. */
    async stop(i, signal = 'SIGTERM') {
      const instance = instances[i];
      if (!instance.proc || instance.proc.exitCode !== null || instance.proc.signalCode !== null)
        return instance.proc?.exitCode ?? null;
      instance.proc.kill(signal);
      return instance.exited;
    },
    /** Starts instance `i` again and waits until it is ready. */
    async start(i) {
      launch(instances[i]);
      await waitReady(readyUrl(instances[i]), 120_000, alive(instances[i]), logOf(instances[i]));
    },
    /**
     * A deploy, one instance at a time: nginx stops sending it requests, it drains (SIGTERM: what it holds is
     * answered), a new one starts and, once ready, takes requests again.
     */
    async roll() {
      for (const instance of instances) {
        instance.down = true;
        await nginx.reload(upstreams());
        const code = await fleet.stop(instance.index, 'SIGTERM');
        log(`instance ${String(instance.index + 1)} drained and stopped (exit ${String(code)})`);
        await fleet.start(instance.index);
        instance.down = false;
        await nginx.reload(upstreams());
      }
    },
    /** Stops nginx, then every instance (drained). */
    async close() {
      await nginx.stop();
      await Promise.all(instances.map((i) => fleet.stop(i.index, 'SIGTERM')));
    },
  };
  return fleet;
}
