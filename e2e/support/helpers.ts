import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import axe from 'axe-core';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const STAFF = 'admin@example.com';
export const FLORIST = 'florist@example.com';
export const FLORIST2 = 'florist2@example.com';
export const PASSWORD = 'password';

/** Signs in on the login form, as a person does, and lands on the dashboard. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API the form uses (the CSRF cookie, then POST /api/login, in the page's own cookie
 * jar) and opens the dashboard: the journeys that are not about signing in skip booting the login page
 * first. The form itself is `signInWithForm` (auth, password, users and the installable app's journeys).
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const csrf = await page.request.get('/sanctum/csrf-cookie');
  expect(csrf.status(), 'GET /sanctum/csrf-cookie').toBe(204);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await page.request.post('/api/login', {
    data: { email, password },
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
  });
  expect(login.ok(), `POST /api/login as ${email}: ${String(login.status())}`).toBe(true);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Past the start-up splash: the signed-in frame and the dashboard's heading are drawn.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** No axe violations at the serious and critical levels, nor any others. */
export async function expectAccessible(page: Page) {
  // A settled page: a list that is fetching its next answer shows the last one dimmed (aria-busy), whose
  // colours are not the page's.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A settled dialog: Mantine's names its dialog by its title once the title has mounted, a moment after the
  // dialog itself (a scan right after the click read one without a name, once). One that never gets a name fails
  // here, after the wait.
  await expect(
    page.locator('[role="dialog"]:not([aria-label]):not([aria-labelledby])'),
    'a dialog without a name',
  ).toHaveCount(0);
  // axe-core itself, run in the page: put in once per page load (a journey's later scans of the same page reuse
  // it), every rule, violations only. @axe-core/playwright's AxeBuilder put the 540 kB script in again for every
  // scan and, in its default mode, opened a blank page of its own to merge the frames' results (the app has no
  // frames): the same rules and results, 2.1 s a scan there, 0.9 s in its legacy mode, 0.4 s here, over the
  // journeys' 154 scans about four minutes of CI's CPU (docs/decisions.md "CI time").
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const summary = violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.targets.join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/** The newest mail the server wrote to its outbox for this address. */
export function lastMailTo(
  to: string,
  dataDir: string,
  /** Only a mail whose subject starts so (the address may get other mails meanwhile: an order assigned). */
  subject = '',
): { subject: string; text: string } | undefined {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    // Messages only: the server writes each as `.json.part` and renames it once whole.
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return undefined;
  }
  for (const f of files.reverse()) {
    const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
      to: string;
      subject: string;
      text: string;
    };
    if (mail.to === to && mail.subject.startsWith(subject)) return mail;
  }
  return undefined;
}
