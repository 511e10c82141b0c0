import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, apiPost, expectNoSidewaysScroll } from '../support/orders';

const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Adds a unit of measure and renames it through the screens; answers its id. */
async function renameUnitThroughTheScreens(page: Page, name: string, renamed: string): Promise<number> {
  await page.goto('/units/add');
  await field(page, 'Name').fill(name);
  await field(page, 'Short code').fill('au');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/units$/);
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/units\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await field(page, 'Name').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/units$/);
  return id;
}

test('staff find a change in the audit log and read its old and new values', async ({ page }) => {
  const name = unique('Audit sheaf');
  const renamed = `${name} renamed`;
  await signIn(page, STAFF);
  const me = await apiGet<{ data: { name: string } }>(page, '/api/me');
  const id = await renameUnitThroughTheScreens(page, name, renamed);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^View entry / }).first()).toBeVisible();
  await expectAccessible(page);

  // Paging lives in the address, and Back restores it.
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: '2', exact: true })
    .click();
  await expect(page).toHaveURL(/\/audit\?page=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/audit$/);

  await page.getByRole('textbox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'measure unit', exact: true }).click();
  await expect(page).toHaveURL(/pT=measure\+unit/);
  await page.getByRole('textbox', { name: 'Record id' }).fill(String(id));
  await expect(page).toHaveURL(new RegExp(`pI=${id}`));
  await expect(page.getByText('2 entries')).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^View entry / }) });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Unit of measure ${renamed} updated.`);
  await expect(rows.nth(1)).toContainText(`Unit of measure ${name} created.`);

  await rows
    .nth(0)
    .getByRole('button', { name: /^View entry / })
    .click();
  const panel = page.getByRole('dialog', { name: /^Audit entry \d+$/ });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(me.data.name);
  const changed = panel.getByRole('row', { name: /^name/ });
  await expect(changed.getByRole('cell')).toHaveText([name, renamed]);
  await expect(changed).toHaveAttribute('data-changed', 'true');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(rows.nth(0).getByRole('button', { name: /^View entry / })).toBeFocused();

  // The filters survive a reload: they are the address.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Record id' })).toHaveValue(String(id));
  await expect(rows).toHaveCount(2);
});

test('at 375 px the log and an entry fit the screen and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, STAFF);
  const name = unique('Audit bunch');
  expect(await apiPost(page, '/api/measure-units', { name, short_code: 'ab' })).toBe(201);
  await page.goto('/audit?pT=measure+unit');
  // On a phone each entry is a card.
  const view = page
    .getByRole('listitem')
    .filter({ hasText: `Unit of measure ${name} created.` })
    .getByRole('button', { name: /^View entry / });
  await expect(view).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await view.click();
  const panel = page.getByRole('dialog', { name: /^Audit entry \d+$/ });
  await expect(panel.getByRole('row', { name: /^name/ }).getByRole('cell')).toHaveText(['—', name]);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
});

test('a partner has no Audit entry and is turned away from the screen', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(page.getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/audit')).status);
  expect(status).toBe(403);
});
