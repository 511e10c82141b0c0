// nginx for `npm run fleet` and the fleet test: Debian's package, installed with apt-get when missing (as
// scripts/chromium.mjs does for Chromium), running deploy/nginx/bloomline.conf with the fleet's ports.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_CONFIG = path.join(ROOT, 'deploy/nginx/bloomline.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/**
 * What to do about nginx, from the facts alone (tested like chromiumPlan): `ready`, `install` (root with apt),
 * or `stop` with the one line to print.
 * @param {{ exists: boolean, isRoot: boolean, hasApt: boolean }} facts
 */
export function nginxPlan({ exists, isRoot, hasApt }) {
  if (exists) return { action: 'ready' };
  if (isRoot && hasApt)
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'nginx'],
      ],
    };
  return {
    action: 'stop',
    message: hasApt
      ? 'fleet: nginx is missing; run `sudo apt-get update && sudo apt-get install -y nginx`, then try again.'
      : 'fleet: nginx is missing; install nginx (Debian: the nginx package), then try again.',
  };
}

/** Makes sure nginx is there; answers its path, or throws with the line to print. */
export function ensureNginx() {
  const found = () => NGINX.find((p) => existsSync(p));
  const plan = nginxPlan({
    exists: Boolean(found()),
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
  });
  if (plan.action === 'stop') throw new Error(plan.message);
  if (plan.action === 'install') {
    console.log("fleet: nginx is missing; installing Debian's nginx with apt-get…");
    for (const [cmd, ...args] of plan.commands) {
      // The package's own service stays stopped (no init here, or policy-rc.d): we run our own nginx.
      const status = spawnSync(cmd, args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status;
      if (status !== 0)
        throw new Error(`fleet: \`${[cmd, ...args].join(' ')}\` failed (exit ${String(status)}).`);
    }
  }
  const nginx = found();
  if (!nginx) throw new Error('fleet: nginx was installed but /usr/sbin/nginx is still missing.');
  return nginx;
}

/**
 * deploy/nginx/bloomline.conf with the upstream's servers (`down` ones marked so: a rolling restart takes an
 * instance out before stopping it) and the listen port filled in.
 * @param {{ port: number, upstreams: { port: number, down?: boolean }[] }} options
 */
export function siteConfig({ port, upstreams }) {
  const site = readFileSync(SITE_CONFIG, 'utf8');
  const servers = upstreams
    .map((u) => `    server 127.0.0.1:${String(u.port)} max_fails=1 fail_timeout=5s${u.down ? ' down' : ''};`)
    .join('\n');
  const withServers = site.replace(
    /(upstream bloomline \{[\s\S]*?)(?:\n\s*server [^\n]*;)+/,
    `$1\n${servers}`,
  );
  if (withServers === site)
    throw new Error('fleet: no upstream servers found in deploy/nginx/bloomline.conf');
  return withServers.replace(/listen \d+;/, `listen 127.0.0.1:${String(port)};`);
}

/** The whole nginx.conf of a fleet: nginx's own files in `prefix`, then the site. */
function mainConfig(prefix, site) {
  const temp = (name) => path.join(prefix, name);
  return `# Written by scripts/fleet/nginx.mjs: deploy/nginx/bloomline.conf with the fleet's ports.
daemon off;
worker_processes 2;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} notice;
${process.getuid?.() === 0 ? 'user root;\n' : ''}# Old workers of a reload close held streams after this long.
worker_shutdown_timeout 5s;
events { worker_connections 1024; }
http {
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
  access_log ${temp('access.log')} bloomline;
}
`;
}

/** The processes whose parent is `pid` (nginx's workers). */
function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts nginx in the foreground (its own child process) over `upstreams`, listening on `port`; `reload`
 * rewrites the config and waits until the old workers are gone, so no request goes to a server marked down.
 */
export async function startNginx({ nginx, prefix, port, upstreams }) {
  mkdirSync(prefix, { recursive: true });
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const conf = path.join(prefix, 'nginx.conf');
  const write = (ups) => writeFileSync(conf, mainConfig(prefix, siteConfig({ port, upstreams: ups })));
  write(upstreams);
  const check = spawnSync(nginx, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`fleet: nginx refused its config:\n${check.stderr}`);
  const proc = spawn(nginx, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  for (let i = 0; i < 100 && childrenOf(proc.pid).length === 0; i += 1) await sleep(50);
  return {
    pid: proc.pid,
    accessLog: path.join(prefix, 'access.log'),
    async reload(ups) {
      const old = childrenOf(proc.pid);
      write(ups);
      process.kill(proc.pid, 'SIGHUP');
      // The old workers finish what they hold and exit; the new ones have the new config.
      for (let i = 0; i < 400 && childrenOf(proc.pid).some((pid) => old.includes(pid)); i += 1)
        await sleep(25);
    },
    async stop() {
      if (proc.exitCode === null) process.kill(proc.pid, 'SIGQUIT');
      await exited;
    },
  };
}
