import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const STAFF = 'admin@example.com';
export const FLORIST = 'florist@example.com';
export const FLORIST2 = 'florist2@example.com';
export const PASSWORD = 'password';

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** No axe violations at the serious and critical levels, nor any others. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** The newest mail the server wrote to its outbox for this address. */
export function lastMailTo(to: string, dataDir: string): { subject: string; text: string } | undefined {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const f of files.reverse()) {
    const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
      to: string;
      subject: string;
      text: string;
    };
    if (mail.to === to) return mail;
  }
  return undefined;
}
