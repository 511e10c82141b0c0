import { expect, test } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, expectNoSidewaysScroll } from '../support/orders';

// Issue 38: the e-mails that failed on every try, for staff to send again. The demo's outbox never refuses a
// mail, so the journey finds the list empty and says so; the API tests fail mails on purpose.
test('staff reach the e-mails not sent from the menu, at both widths', async ({ page }) => {
  await signIn(page, STAFF);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'System' }).click();
  await page.getByRole('menuitem', { name: 'E-mails not sent' }).click();
  await expect(page).toHaveURL(/\/system\/mails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails not sent' })).toBeVisible();
  expect((await apiGet<{ data: unknown[] }>(page, '/api/mails')).data).toEqual([]);
  await expect(page.getByText('Every e-mail went out: none is waiting to be sent again.')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails not sent' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('a partner user has no such screen: the server refuses the list', async ({ page }) => {
  await signIn(page, FLORIST);
  const status = await page.evaluate(
    async () => (await fetch('/api/mails', { headers: { accept: 'application/json' } })).status,
  );
  expect(status).toBe(403);
});
