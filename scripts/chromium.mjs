// The Chromiums that the end-to-end run drives (e2e/playwright.config.ts): Debian's headless shell for the
// journeys (/usr/bin/chromium-headless-shell, or CHROMIUM_HEADLESS_SHELL_PATH) and Debian's full Chromium for
// the installable app's journeys, which need its notifications (/usr/bin/chromium, or CHROMIUM_PATH).
// `npm test` makes sure both are there before it starts anything, so a fresh machine either gets them
// installed (as root, with apt) or is told at once, in one line, what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each browser: its Debian package, where Debian puts it, and the variable that points elsewhere. */
export const BROWSERS = [
  {
    pkg: 'chromium-headless-shell',
    path: '/usr/bin/chromium-headless-shell',
    env: 'CHROMIUM_HEADLESS_SHELL_PATH',
  },
  { pkg: 'chromium', path: '/usr/bin/chromium', env: 'CHROMIUM_PATH' },
];
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = `apt-get update && apt-get install -y ${BROWSERS.map((b) => b.pkg).join(' ')}`;

/**
 * @typedef {{ pkg: string, env: string, path: string, custom: boolean, exists: boolean }} BrowserFacts
 * @typedef {{ browsers: BrowserFacts[], isRoot: boolean, hasApt: boolean }} Facts
 */

/**
 * What to do about the browsers, decided from the facts alone (so it can be tested):
 * - `ready` when both are there;
 * - `install` with the commands to run, when Debian's are missing and we are root on a machine with apt;
 * - `stop` with the one line to print otherwise (a path given in the environment that does not exist is never
 *   "fixed" by installing Debian's: the person who set it meant another browser).
 *
 * @param {Facts} facts
 * @returns {{ action: 'ready' } | { action: 'install', commands: string[][] } | { action: 'stop', message: string }}
 */
export function chromiumPlan({ browsers, isRoot, hasApt }) {
  const missing = browsers.filter((b) => !b.exists);
  if (missing.length === 0) return { action: 'ready' };
  const wrongPath = missing.find((b) => b.custom);
  if (wrongPath)
    return {
      action: 'stop',
      message: `npm test: ${wrongPath.env}=${wrongPath.path} does not exist; point it at a Chromium, or unset it and run \`${INSTALL_COMMAND}\` as root.`,
    };
  const packages = missing.map((b) => b.pkg);
  if (isRoot && hasApt)
    return {
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', ...packages],
      ],
    };
  const what = `${missing.map((b) => b.path).join(' and ')} missing`;
  return {
    action: 'stop',
    message: hasApt
      ? `npm test: Chromium is missing (${what}); run \`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\` (or set ${missing.map((b) => b.env).join(' and ')}), then npm test again.`
      : `npm test: Chromium is missing (${what}); install Chromium and set ${missing.map((b) => b.env).join(' and ')} to it, then npm test again.`,
  };
}

/**
 * The facts about this machine that `chromiumPlan` decides from.
 * @returns {Facts}
 */
export function chromiumFacts(env = process.env) {
  return {
    browsers: BROWSERS.map((b) => {
      const path = env[b.env] || b.path;
      return { pkg: b.pkg, env: b.env, path, custom: Boolean(env[b.env]), exists: existsSync(path) };
    }),
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
  };
}

/**
 * Makes sure both browsers are there, installing Debian's when it can.
 * @returns {{ ok: true } | { ok: false, message: string }}
 */
export function ensureChromium(env = process.env) {
  const facts = chromiumFacts(env);
  const plan = chromiumPlan(facts);
  if (plan.action === 'ready') return { ok: true };
  if (plan.action === 'stop') return { ok: false, message: plan.message };
  const packages = facts.browsers.filter((b) => !b.exists).map((b) => b.pkg);
  console.log(`npm test: Chromium is missing; installing Debian's ${packages.join(' and ')} with apt-get…`);
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
  const still = chromiumFacts(env).browsers.filter((b) => !b.exists);
  return still.length === 0
    ? { ok: true }
    : {
        ok: false,
        message: `npm test: Chromium was installed but ${still.map((b) => b.path).join(' and ')} is still missing; set ${still.map((b) => b.env).join(' and ')}.`,
      };
}
