import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '.tmp', 'data');

/**
 * The accounting connection's journey (xero.spec.ts) runs on a second app of its own, connected to a local
 * stand-in of Xero, so connecting never changes what the other journeys see (the companies screen of the main
 * app has no Xero settings and says so). Ports derive from E2E_PORT so parallel runs on one machine differ.
 */
export const E2E_XERO_APP_PORT = Number(process.env.E2E_XERO_APP_PORT ?? E2E_PORT + 1000);
export const E2E_XERO_STANDIN_PORT = Number(process.env.E2E_XERO_STANDIN_PORT ?? E2E_PORT + 2000);
export const E2E_XERO_APP_URL = `http://localhost:${String(E2E_XERO_APP_PORT)}`;
const E2E_XERO_DATA_DIR = path.resolve(import.meta.dirname, '.tmp', 'xero-data');
const standInUrl = `http://127.0.0.1:${String(E2E_XERO_STANDIN_PORT)}`;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browsers scripts/chromium.mjs makes sure of (`npm test` installs Debian's when missing). */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FULL_BROWSER_JOURNEYS = /pwa\.spec\.ts$/;
/**
 * The new-order alerts' journeys hear of every order given to the demo florist's shop, and other journeys give it
 * orders (a Silence was followed by another journey's new order, which rightly rang again): they run alone,
 * after all the others.
 */
const ALERT_JOURNEYS = /new-order-alerts\.spec\.ts$/;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const inHeadlessShell = { ...desktop, launchOptions: { executablePath: HEADLESS_SHELL, args: chromiumArgs } };

/** End to end against the built app (`npm run build`) on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  // Three browsers on two cores: much of a journey is waiting (debounces, flashes, the server). Measured on
  // the CI machine's kind with 74 journeys: 6.8 min against 7.2 with two.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  // Time-outs catch a hang, not slowness (speed is the bench's): CI runs the PostgreSQL API suite beside these
  // three browsers on two cores, where a long journey that takes 27 s alone took over 60 s (issue 20's CI).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // An action (a click on a link no list shows) fails after 30 s with what it waited for, instead of waiting
  // out a slow journey's whole six minutes (the CI run of 2026-11-27 lost six on one such click).
  reporter: process.env.PLAYWRIGHT_REPORTER
    ? process.env.PLAYWRIGHT_REPORTER.split(',').map((r) => [r] as [string])
    : [['list']],
  use: {
    actionTimeout: 30_000,
    baseURL: `http://localhost:${String(E2E_PORT)}`,
    // A trace records a screencast and a snapshot of the page at every step: recorded for every journey it
    // took a third of the run's CPU (the browser encoding frames), so it is recorded when a journey is run
    // again after failing (CI retries once). A failure always leaves its screenshot and the page's outline.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    timezoneId: 'Africa/Johannesburg',
    // The service worker would precache the whole app (200-odd files) in every test's fresh context, and
    // page.route() cannot see what it fetches: only pwa.spec.ts allows it.
    serviceWorkers: 'block',
    locale: 'en-ZA',
    // The browser asks for less motion, which the app honours (theme.ts): dialogs, menus and pop-overs are
    // there at once, so axe never reads a colour half faded in and a check never sees a menu half open; and
    // a journey spends no CPU drawing fades (docs/decisions.md, "CI time").
    reducedMotion: 'reduce',
  },
  projects: [
    // First: the workers take the projects' journeys in this order, and the installable app's four run one after
    // the other in one worker (50 s); queued last they were the run's tail, two workers idle (CI, 2026-11-27).
    {
      // The installable app's journeys need the full browser: the headless shell shows no notification.
      name: 'chromium-full',
      testMatch: FULL_BROWSER_JOURNEYS,
      use: { ...desktop, launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } },
    },
    {
      // Debian's headless shell (what Playwright itself runs headless by default): without the full browser's
      // window machinery, a GPU process and the browser's own web pages, it takes about a sixth less CPU.
      name: 'chromium',
      testIgnore: [FULL_BROWSER_JOURNEYS, ALERT_JOURNEYS],
      use: inHeadlessShell,
    },
    {
      name: 'alerts',
      testMatch: ALERT_JOURNEYS,
      dependencies: ['chromium', 'chromium-full'],
      use: inHeadlessShell,
    },
  ],
  webServer: [
    {
      // A fresh data folder every run: the server migrates and seeds it on start.
      command: `rm -rf ${E2E_DATA_DIR} && node ../apps/server/dist/main.js`,
      url: `http://localhost:${String(E2E_PORT)}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: E2E_DATA_DIR,
        SEED_ORDERS: '600',
        APP_URL: `http://localhost:${String(E2E_PORT)}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
    },
    {
      // The stand-in of Xero, as `npm run xero:standin` starts it (nothing reaches the internet).
      command: 'npx tsx ../apps/server/src/test/xero-stand-in.main.ts',
      url: `${standInUrl}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        XERO_STANDIN_PORT: String(E2E_XERO_STANDIN_PORT),
        XERO_STANDIN_HOST: '127.0.0.1',
        APP_URL: E2E_XERO_APP_URL,
      },
    },
    {
      command: `rm -rf ${E2E_XERO_DATA_DIR} && node ../apps/server/dist/main.js`,
      url: `${E2E_XERO_APP_URL}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_XERO_APP_PORT),
        DATA_DIR: E2E_XERO_DATA_DIR,
        SEED_ORDERS: '30',
        APP_URL: E2E_XERO_APP_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        XERO_CLIENT_ID: 'bloomline-stand-in',
        XERO_CLIENT_SECRET: 'stand-in-secret',
        XERO_REDIRECT_URI: `${E2E_XERO_APP_URL}/xero/auth/callback`,
        XERO_LOGIN_URL: `${standInUrl}/identity/connect/authorize`,
        XERO_IDENTITY_URL: standInUrl,
        XERO_API_URL: standInUrl,
      },
    },
  ],
});
