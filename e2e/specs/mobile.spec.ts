import { expect, test } from '@playwright/test';

import { expectAccessible, FLORIST, signIn } from '../support/helpers';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('at 375 px the menu collapses behind a Menu button', async ({ page }) => {
  await signIn(page, FLORIST);
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('link', { name: 'Statements' })).toBeHidden();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Statements' })).toBeVisible();
  await page.getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByRole('link', { name: 'In progress' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  // Nothing scrolls sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
