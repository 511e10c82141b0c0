// `npm test`: every test (unit and API with Vitest, end to end with Playwright), then one summary line.
// Runs both suites even when the first fails, so one run tells the whole story. Reports go to reports/
// (Playwright empties its own test-results/ folder when it starts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ensureChromium } from './chromium.mjs';

// The end-to-end run needs Chromium: install it or say what to run before anything else takes minutes.
const chromium = ensureChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  process.exit(1);
}

mkdirSync('reports', { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const unitStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=reports/vitest.json',
]);
const buildStatus = run('npm', ['run', 'build']);
const e2eStatus =
  buildStatus === 0
    ? run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.resolve('reports/playwright.json'),
        PLAYWRIGHT_REPORTER: 'list,json',
      })
    : 1;

const unit = read('reports/vitest.json');
const e2e = read('reports/playwright.json');
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed =
  (unit ? unit.numFailedTests + (unit.numFailedTestSuites ?? 0) : 1) + (e2e ? e2e.stats.unexpected : 1);
const skipped = (unit?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0);
console.log(
  `\nunit+api: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'did not report'}; e2e: ${e2e ? `${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed` : 'did not run'}`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// A runner can fail with no failed test (an unhandled error, a crashed worker, a failed build): say which.
for (const [name, status] of [
  ['vitest', unitStatus],
  ['build', buildStatus],
  ['playwright', e2eStatus],
]) {
  if (status !== 0) console.log(`${name} exited with status ${status}`);
}
if (unit && unit.success === false && unit.numFailedTests === 0) {
  console.log('vitest reported errors outside any test (see "Unhandled Errors" above)');
}
process.exit(unitStatus || buildStatus || e2eStatus || (failed > 0 ? 1 : 0));
