import { expect, test } from '@playwright/test';

import { FLORIST, FLORIST2, PASSWORD, signInWithForm, signOut, STAFF } from '../support/helpers';

test.describe('signing in and out', () => {
  test('staff signs in, sees the staff menu, and signs out', async ({ page }) => {
    await signInWithForm(page, STAFF);
    await expect(page.getByText(/^Hi, /)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Orders',
      'Manage products',
      'Configurations',
      'Manage customers',
      'Audit',
      'Reporting',
      'System',
    ]) {
      await expect(
        nav.getByRole(/Dashboard|Audit|Reporting/.test(label) ? 'link' : 'button', {
          name: label,
          exact: true,
        }),
      ).toBeVisible();
    }
    await nav.getByRole('button', { name: 'Configurations' }).click();
    for (const item of ['Units of measure', 'Colours', 'Users', 'Locations', 'Partners']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'System' }).click();
    for (const item of ['Settings', 'Xero']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByText('3.2.33')).toBeVisible();
    await signOut(page);
    // Signed out: a protected page sends us back to the login page.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a partner sees the partner menu with statements only when permitted', async ({ page }) => {
    await signInWithForm(page, FLORIST);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Statements' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Manage products' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Orders' }).click();
    for (const item of [
      'For Delivery Today',
      'New orders (unaccepted)',
      'In progress',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await signOut(page);

    await signInWithForm(page, FLORIST2);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }),
    ).toHaveCount(0);
  });

  test('wrong credentials show the error under the email field', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeDisabled();
    await page.getByLabel('Email').fill(STAFF);
    await expect(login).toBeDisabled();
    await page.getByLabel(/^Password/).fill('not-my-password');
    await login.click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user who opens the login page goes to the dashboard; unknown paths go home', async ({
    page,
  }) => {
    await signInWithForm(page, STAFF);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the password field keeps the sign-in password private', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'password');
    expect(PASSWORD).toBe('password');
  });
});
