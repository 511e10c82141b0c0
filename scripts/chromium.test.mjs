import { describe, expect, it } from 'vitest';

import { chromiumFacts, chromiumPlan, DEBIAN_CHROMIUM, ensureChromium } from './chromium.mjs';

const missing = { path: DEBIAN_CHROMIUM, custom: false, exists: false, isRoot: true, hasApt: true };

describe("npm test's Chromium check", () => {
  it('goes ahead when the browser is there', () => {
    expect(chromiumPlan({ ...missing, exists: true })).toEqual({ action: 'ready' });
    expect(chromiumPlan({ ...missing, exists: true, isRoot: false, hasApt: false })).toEqual({
      action: 'ready',
    });
  });

  it("installs Debian's chromium with apt when run as root", () => {
    expect(chromiumPlan(missing)).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium'],
      ],
    });
  });

  it('stops with one line saying what to run when it cannot install', () => {
    const notRoot = chromiumPlan({ ...missing, isRoot: false });
    expect(notRoot).toEqual({ action: 'stop', message: expect.any(String) });
    const message = /** @type {{ message: string }} */ (notRoot).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('sudo apt-get update && sudo apt-get install -y chromium');

    const noApt = chromiumPlan({ ...missing, hasApt: false });
    expect(noApt).toMatchObject({ action: 'stop', message: expect.stringContaining('CHROMIUM_PATH') });
  });

  it('does not install over a CHROMIUM_PATH that points nowhere', () => {
    const plan = chromiumPlan({ ...missing, path: '/opt/chrome/chrome', custom: true });
    expect(plan).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('CHROMIUM_PATH=/opt/chrome/chrome does not exist'),
    });
  });

  it('reads CHROMIUM_PATH, falling back to Debian’s path', () => {
    expect(chromiumFacts({})).toMatchObject({ path: DEBIAN_CHROMIUM, custom: false });
    expect(chromiumFacts({ CHROMIUM_PATH: '/nowhere/chromium' })).toMatchObject({
      path: '/nowhere/chromium',
      custom: true,
      exists: false,
    });
  });

  it('checks this machine without installing anything when the path is given', () => {
    expect(ensureChromium({ CHROMIUM_PATH: process.execPath })).toEqual({ ok: true });
    expect(ensureChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toEqual({
      ok: false,
      message: expect.stringContaining('/nowhere/chromium'),
    });
  });
});
