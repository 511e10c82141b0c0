import { expect, test } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { lastMailTo, PASSWORD, signInWithForm, signOut } from '../support/helpers';

// A seeded partner user of its own, so other journeys running alongside keep their passwords.
const USER = 'reset.demo@example.com';

test('forgot password, reset through the mailed link, sign in, and change it back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('button', { name: 'Email reset link' })).toBeDisabled();
  await page.getByLabel('Email').fill(USER);
  await page.getByRole('button', { name: 'Email reset link' }).click();
  await expect(page.getByText('We have emailed your password reset link.')).toBeVisible();

  // The user's shop may be mailed an order meanwhile (other journeys assign lines to it): the reset mail itself.
  const RESET = 'Reset your Bloomline password';
  const mail = await expect
    .poll(() => lastMailTo(USER, E2E_DATA_DIR, RESET))
    .toBeTruthy()
    .then(() => lastMailTo(USER, E2E_DATA_DIR, RESET)!);
  const link = /http:\/\/localhost:\d+(\/reset-password\/\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByLabel('Email')).toHaveValue(USER);
  const reset = page.getByRole('button', { name: 'Reset password' });
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await reset.click();
  await expect(page.getByText('Password must have at least 8 characters.')).toBeVisible();

  await page.getByLabel(/^New password/).fill('Sunflower-2026');
  await page.getByLabel('Confirm new password').fill('Sunflower-2026');
  await reset.click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, USER, 'Sunflower-2026');
  // Reached from the greeting's menu, not by a typed address (issue 36).
  await page.getByRole('banner').getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Current password').fill('wrong-one');
  await page.getByLabel(/^New password/).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await page.getByLabel('Current password').fill('Sunflower-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await signInWithForm(page, USER, PASSWORD);
});
