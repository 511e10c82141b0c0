import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { E2E_XERO_APP_URL } from '../playwright.config';
import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

// The accounting connection (Xero). The main app has no Xero settings and says what to set; the journey runs
// on the second app (playwright.config.ts), connected to the local stand-in of Xero that the run starts.

const ORGANISATION = 'Bloomline Flowers (Pty) Ltd';
const SHOTS = 'test-results/xero';

const connectLink = (page: Page, name = 'Connect Xero') => page.getByRole('link', { name });

/** axe at the desktop width and at 375 px, the page fitting the phone. */
async function accessibleAtBothWidths(page: Page, shot: string) {
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${shot}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${shot}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('on a server without Xero settings the page says what the administrator must set', async ({ page }) => {
  await signIn(page, STAFF);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'System' }).click();
  await page.getByRole('menuitem', { name: 'Xero' }).click();
  await expect(page).toHaveURL(/\/system\/xero$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Xero' })).toBeVisible();
  await expect(page.getByText('Not set up on this server', { exact: true })).toBeVisible();
  await expect(page.getByText(/XERO_CLIENT_ID, XERO_CLIENT_SECRET and XERO_REDIRECT_URI/)).toBeVisible();
  await expect(connectLink(page)).toHaveCount(0);
  await accessibleAtBothWidths(page, 'not-set-up');
});

test.describe('connected to the stand-in of Xero', () => {
  test.use({ baseURL: E2E_XERO_APP_URL });
  test.describe.configure({ mode: 'serial' });

  test('a partner user cannot reach it, and a signed-out visitor is sent to sign in', async ({ page }) => {
    const guest = await page.request.get('/xero/auth/authorize', { maxRedirects: 0 });
    expect([guest.status(), guest.headers().location]).toEqual([302, '/login']);
    await signIn(page, FLORIST);
    await page.goto('/system/xero');
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const url of ['/xero/auth/authorize', '/xero/auth/callback?code=c&state=s', '/api/xero/connection'])
      expect((await page.request.get(url, { maxRedirects: 0 })).status()).toBe(403);
  });

  test('cancelling on the authorisation page stores nothing and says so', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/system/xero');
    await expect(page.getByText('Xero is not connected.', { exact: false })).toBeVisible();
    await accessibleAtBothWidths(page, 'not-connected');
    await connectLink(page).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/system\/xero\?error=denied$/);
    await expect(page.getByRole('alert')).toContainText('Access was not allowed on Xero’s page.');
    await expect(connectLink(page)).toBeVisible();
    await expectAccessible(page);
  });

  test('connect, consent on Xero’s page, land back connected, and pick a contact for a company', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    await page.goto('/system/xero');
    await connectLink(page).click();
    await expect(page).toHaveURL(/\/identity\/connect\/authorize\?/);
    await expect(page.getByRole('heading', { name: 'Xero (local stand-in)' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow access' }).click();

    await expect(page).toHaveURL(/\/system\/xero$/);
    await expect(page.getByText(`Connected to ${ORGANISATION} since`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    await accessibleAtBothWidths(page, 'connected');

    // The companies' picker lists Xero's contacts, searchable; the choice is saved and stays.
    await page.goto('/companies');
    await page.getByRole('textbox', { name: 'Search companies' }).fill('Karoo Capital');
    await expect(page.getByRole('row')).toHaveCount(2);
    const picker = page.getByRole('textbox', { name: 'Accounting contact for Karoo Capital' });
    await picker.click();
    await picker.fill('Bloom Ev');
    await page.getByRole('option', { name: 'Bloom Events' }).click();
    await expect(
      page.getByRole('status', { name: 'Accounting contact for Karoo Capital: save state' }),
    ).toHaveText('Saved');
    // A contact from the last of Xero's pages is there too.
    await picker.click();
    await picker.fill('Lily Church');
    await expect(page.getByRole('option', { name: 'Lily Church 2', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(picker).toHaveValue('Bloom Events');
    await page.screenshot({ path: `${SHOTS}/companies.png` });
    await expectAccessible(page);
  });

  test('disconnect, after a confirmation', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/system/xero');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: `Disconnect ${ORGANISATION}` });
    await expect(dialog).toContainText('Companies keep their accounting contacts');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Xero is not connected.', { exact: false })).toBeVisible();
    await expect(connectLink(page)).toBeVisible();

    await page.goto('/companies');
    await expect(page.getByText('Connect Xero first to choose accounting contacts.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the Xero page' })).toBeVisible();
    await expectAccessible(page);
  });
});
