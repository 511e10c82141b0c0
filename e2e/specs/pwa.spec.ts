import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signInWithForm } from '../support/helpers';
import { section, shopOrderForFlorist } from '../support/orders';

// The partner's phone: the installable app, its offline start and its push messages (issue 25).
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });

const NEEDS_CONNECTION = 'You are offline: this needs a connection. Try again when you are back online.';

/** Waits until the service worker is active and controls the page (it claims the page on first install). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
}

test.describe('the installable app', () => {
  test('has a valid, linked manifest and icons, and a worker that controls the page', async ({ page }) => {
    await signInWithForm(page, FLORIST);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      icons: { src: string; sizes: string; purpose?: string }[];
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Bloomline',
      short_name: 'Bloomline',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#9c36b5',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i) => i.src), touchIcon!]) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }

    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('is installable (Chromium finds nothing missing)', async ({ playwright, baseURL }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which every test context is: one with a
    // profile of its own, launched as the project launches its browser.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signInWithForm(page, FLORIST);
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('starts offline with the orders last loaded, says so, and refuses changes', async ({
    page,
    context,
    browser,
  }) => {
    // An order of the florist's still to accept, of its own: other journeys accept the demo's open ones.
    await shopOrderForFlorist(browser);
    await signInWithForm(page, FLORIST);
    await controlled(page);
    // Loaded once under the worker: the dashboard, and the first order's page.
    await page.reload();
    const firstOrder = page.getByRole('link', { name: /^View order / }).first();
    await expect(firstOrder).toBeVisible();
    const shown = (await firstOrder.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
    const orderPage = (await firstOrder.getAttribute('href')) ?? '';
    await page.goto(orderPage);
    await expect(section(page, 'Order')).toBeVisible();
    // And an order still to accept, from the list of new orders.
    await page.goto('/orders/open');
    const openOrder =
      (await page
        .getByRole('link', { name: /^View order / })
        .first()
        .getAttribute('href')) ?? '';
    await page.goto(openOrder);
    await expect(page.getByRole('button', { name: 'Accept order', exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await expect(firstOrder).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Bloomline, go to the dashboard' })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(banner).toHaveText(
      /^You are offline\. These are the orders as last loaded at \d\d:\d\d\. Changes need a connection\.$/,
    );
    await expect(page.getByRole('link', { name: shown, exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offline-dashboard-375.png') });
    await expectAccessible(page);

    // The order opens from what was kept; a change (here signing out) says at once that it needs a
    // connection, and nothing happens.
    await page.getByRole('link', { name: shown, exact: true }).click();
    await expect(section(page, 'Order')).toBeVisible();
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText(NEEDS_CONNECTION)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${orderPage}$`));
    await page.screenshot({ path: test.info().outputPath('offline-action-375.png') });

    // Accepting offline says at once that it needs a connection, and the dialog closes (issue 36: it stayed
    // busy, unclosable, while the order's reads waited for the connection).
    await page.goto(openOrder);
    await page.getByRole('button', { name: 'Accept order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept order?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(NEEDS_CONNECTION);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // A screen not kept for offline use says so instead of loading for ever.
    await page.goto('/statements');
    await expect(page.getByText(/^Not available offline/)).toBeVisible();
    await expectAccessible(page);

    // Back online, the next answer is fresh and the banner goes.
    await context.setOffline(false);
    await page.goto(orderPage);
    await expect(section(page, 'Order')).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('a push message shows a notification and tells the open app', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signInWithForm(page, FLORIST);
    await controlled(page);
    await page.evaluate(() => {
      const kept: unknown[] = [];
      (window as unknown as { pushMessages: unknown[] }).pushMessages = kept;
      navigator.serviceWorker.addEventListener('message', (e) => kept.push(e.data));
    });

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = {
      title: 'New order #BL1',
      body: 'Roses for Cape Town',
      url: '/orders/1',
      tag: 'order-1',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registration,
      data: JSON.stringify(payload),
    });

    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            icon: new URL(n.icon).pathname,
            url: (n.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: 'order-1',
          icon: '/pwa-192x192.png',
          url: '/orders/1',
        },
      ]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { pushMessages: unknown[] }).pushMessages))
      .toContainEqual({ type: 'new-order', url: '/orders/1' });
  });
});
