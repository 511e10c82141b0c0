// The Chromium that the end-to-end run drives (e2e/playwright.config.ts): Debian's /usr/bin/chromium, or
// CHROMIUM_PATH. `npm test` makes sure it is there before it starts anything, so a fresh machine either gets
// it installed (as root, with apt) or is told at once, in one line, what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

/**
 * What to do about Chromium, decided from the facts alone (so it can be tested):
 * - `ready` when the browser is there;
 * - `install` with the commands to run, when Debian's is missing and we are root on a machine with apt;
 * - `stop` with the one line to print otherwise (a CHROMIUM_PATH that does not exist is never "fixed" by
 *   installing Debian's: the person who set it meant another browser).
 *
 * @param {{ path: string, custom: boolean, exists: boolean, isRoot: boolean, hasApt: boolean }} facts
 * @returns {{ action: 'ready' } | { action: 'install', commands: string[][] } | { action: 'stop', message: string }}
 */
export function chromiumPlan({ path, custom, exists, isRoot, hasApt }) {
  if (exists) return { action: 'ready' };
  if (custom)
    return {
      action: 'stop',
      message: `npm test: CHROMIUM_PATH=${path} does not exist; point it at a Chromium, or unset it and run \`${INSTALL_COMMAND}\` as root.`,
    };
  if (isRoot && hasApt)
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium'],
      ],
    };
  return {
    action: 'stop',
    message: hasApt
      ? `npm test: Chromium is missing (${path}); run \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again.`
      : `npm test: Chromium is missing (${path}); install Chromium and set CHROMIUM_PATH to it, then npm test again.`,
  };
}

/** The facts about this machine that `chromiumPlan` decides from. */
export function chromiumFacts(env = process.env) {
  const path = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  return {
    path,
    custom: Boolean(env.CHROMIUM_PATH),
    exists: existsSync(path),
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
  };
}

/**
 * Makes sure Chromium is there, installing Debian's when it can.
 * @returns {{ ok: true } | { ok: false, message: string }}
 */
export function ensureChromium(env = process.env) {
  const facts = chromiumFacts(env);
  const plan = chromiumPlan(facts);
  if (plan.action === 'ready') return { ok: true };
  if (plan.action === 'stop') return { ok: false, message: plan.message };
  console.log(
    `npm test: Chromium is missing (${facts.path}); installing Debian's chromium package with apt-get…`,
  );
  for (const [cmd, ...args] of plan.commands) {
    const status = spawnSync(cmd, args, {
      stdio: 'inherit',
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
    if (status !== 0)
      return {
        ok: false,
        message: `npm test: \`${[cmd, ...args].join(' ')}\` failed (exit ${String(status)}); run \`${INSTALL_COMMAND}\` as root, then npm test again.`,
      };
  }
  return existsSync(facts.path)
    ? { ok: true }
    : {
        ok: false,
        message: `npm test: chromium was installed but ${facts.path} is still missing; set CHROMIUM_PATH.`,
      };
}
