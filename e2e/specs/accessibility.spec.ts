import path from 'node:path';

import { expect, test } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';

for (const route of ['/login', '/forgot-password', '/reset-password/some-token?email=a%40example.com']) {
  test(`public page ${route} has no axe violations`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

test('the staff dashboard has no axe violations (and makes the README screenshot)', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../../docs/screenshot-dashboard.png') });
});

test('the partner dashboard and change-password page have no axe violations', async ({ page }) => {
  await signIn(page, FLORIST);
  await expectAccessible(page);
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectAccessible(page);
});
