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

test('the staff dashboard has no axe violations (and makes the README screenshot)', async ({
  page,
}, info) => {
  await signIn(page, STAFF);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page);
  // The README's picture is refreshed on request only, so a test run leaves the checkout clean.
  const readme = path.resolve(import.meta.dirname, '../../docs/screenshot-dashboard.png');
  await page.screenshot({
    path: process.env.UPDATE_SCREENSHOTS ? readme : info.outputPath('dashboard.png'),
  });
});

test('the partner dashboard and change-password page have no axe violations', async ({ page }) => {
  await signIn(page, FLORIST);
  await expectAccessible(page);
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectAccessible(page);
});
