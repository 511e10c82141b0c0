import { describe, expect, it } from 'vitest';

import { BROWSERS, chromiumFacts, chromiumPlan, ensureChromium } from './chromium.mjs';

/** @param {Partial<{ shell: boolean, full: boolean }>} present */
const machine = ({ shell = false, full = false } = {}, more = {}) => ({
  browsers: BROWSERS.map((b) => ({
    ...b,
    custom: false,
    exists: b.pkg === 'chromium' ? full : shell,
  })),
  isRoot: true,
  hasApt: true,
  ...more,
});

describe("npm test's Chromium check", () => {
  it('goes ahead when both browsers are there', () => {
    expect(chromiumPlan(machine({ shell: true, full: true }))).toEqual({ action: 'ready' });
    expect(chromiumPlan(machine({ shell: true, full: true }, { isRoot: false, hasApt: false }))).toEqual({
      action: 'ready',
    });
  });

  it("installs what is missing of Debian's two packages with apt when run as root", () => {
    expect(chromiumPlan(machine())).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell', 'chromium'],
      ],
    });
    // A machine set up before the journeys moved to the headless shell has only the full browser.
    expect(chromiumPlan(machine({ full: true }))).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell'],
      ],
    });
  });

  it('stops with one line saying what to run when it cannot install', () => {
    const notRoot = chromiumPlan(machine({ full: true }, { isRoot: false }));
    expect(notRoot).toEqual({ action: 'stop', message: expect.any(String) });
    const message = /** @type {{ message: string }} */ (notRoot).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('sudo apt-get update && sudo apt-get install -y chromium-headless-shell');

    const noApt = chromiumPlan(machine({}, { hasApt: false }));
    expect(noApt).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('CHROMIUM_HEADLESS_SHELL_PATH and CHROMIUM_PATH'),
    });
  });

  it('does not install over a path given in the environment that points nowhere', () => {
    const facts = machine({ shell: true });
    facts.browsers[1] = { ...facts.browsers[1], path: '/opt/chrome/chrome', custom: true };
    expect(chromiumPlan(facts)).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('CHROMIUM_PATH=/opt/chrome/chrome does not exist'),
    });
  });

  it('reads CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH, falling back to Debian’s paths', () => {
    expect(chromiumFacts({}).browsers).toMatchObject([
      { path: '/usr/bin/chromium-headless-shell', custom: false },
      { path: '/usr/bin/chromium', custom: false },
    ]);
    expect(chromiumFacts({ CHROMIUM_PATH: '/nowhere/chromium' }).browsers[1]).toMatchObject({
      path: '/nowhere/chromium',
      custom: true,
      exists: false,
    });
  });

  it('checks this machine without installing anything when the paths are given', () => {
    const both = { CHROMIUM_PATH: process.execPath, CHROMIUM_HEADLESS_SHELL_PATH: process.execPath };
    expect(ensureChromium(both)).toEqual({ ok: true });
    expect(ensureChromium({ ...both, CHROMIUM_PATH: '/nowhere/chromium' })).toEqual({
      ok: false,
      message: expect.stringContaining('/nowhere/chromium'),
    });
  });
});
