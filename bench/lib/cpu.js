// Where a request's CPU goes: the server process, PostgreSQL (every backend, including those that ended during
// the run) and the load generator, read from /proc (Linux) before and after a measured run.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;
function ticks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** A process's name, parent and CPU in ms: its own (user + system) and its reaped children's. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ms = (i) => (Number(f[i]) * 1000) / ticks();
    const state = f[0];
    return { name, state, ppid: Number(f[1]), own: ms(11) + ms(12), children: ms(13) + ms(14) };
  } catch {
    return null;
  }
}

/** Every `postgres` process on this machine (none when PostgreSQL runs elsewhere or /proc is missing). */
function postgresProcesses() {
  let dirs;
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  return dirs.map((d) => ({ pid: Number(d), s: stat(d) })).filter((p) => p.s?.name === 'postgres');
}

/**
 * PostgreSQL's CPU in ms when it runs on this machine: every live `postgres` process, plus what the postmaster
 * has reaped from backends that ended (pgbench's connections close when it exits). Null when none is visible.
 */
function postgresMs() {
  const procs = postgresProcesses();
  if (procs.length === 0) return null;
  const pids = new Set(procs.map((p) => p.pid));
  return procs.reduce((sum, p) => sum + p.s.own + (pids.has(p.s.ppid) ? 0 : p.s.children), 0);
}

/** How many PostgreSQL processes run now (to wait for a client's backends to end, see `postgresSettled`). */
export const postgresProcessCount = () => postgresProcesses().length;

/**
 * Waits (at most 5 s) until PostgreSQL runs no more than `count` processes and none has ended unreaped: an
 * ended backend shows no CPU until the postmaster reaps it, so a reading taken then would lose its time.
 */
export async function postgresSettled(count) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const procs = postgresProcesses();
    if (procs.length <= count && !procs.some((p) => p.s.state === 'Z')) return;
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A reading to pass to `cpuPerRequest` after the run. `serverPid`: the server process, when there is one. */
export function cpuReading(serverPid) {
  const self = stat(process.pid);
  return {
    server: serverPid ? (stat(serverPid)?.own ?? null) : null,
    db: postgresMs(),
    // autocannon runs in this process; pgbench is a child, counted once it has been reaped.
    load: self ? self.own : null,
    children: self ? self.children : null,
  };
}

/**
 * CPU ms per request between two readings: `server`, `db` (all of PostgreSQL) and `load` (the load
 * generator: this process for autocannon, its reaped children for pgbench). Null where unknown.
 */
export function cpuPerRequest(before, after, requests, { loadIsChild = false } = {}) {
  const per = (k) =>
    before[k] === null || after[k] === null || !requests ? null : (after[k] - before[k]) / requests;
  return { server: per('server'), db: per('db'), load: per(loadIsChild ? 'children' : 'load') };
}
