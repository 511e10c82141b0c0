import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

const NAME_HINT = 'Please enter a clear descriptive name';
const CODE_HINT = 'Enter a identifying short code for your unit of measure';
const CONFIRM = 'Confirm that you want to delete the record';

const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const search = (page: Page) => page.getByRole('textbox', { name: 'Search units by name' });

async function openUnits(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Configurations' })
    .click();
  await page.getByRole('menuitem', { name: 'Units of measure' }).click();
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Units of measure' })).toBeVisible();
}

test.describe('staff keep the units of measure', () => {
  test('add, refuse a duplicate, edit and delete a unit', async ({ page }) => {
    await signIn(page, STAFF);
    await openUnits(page);
    for (const header of ['Unit Name', 'Short Code', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expectAccessible(page);

    const name = unique('Sheaf');
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/units\/add$/);
    await expect(page.getByText(NAME_HINT)).toBeVisible();
    await expect(page.getByText(CODE_HINT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'EXIT' })).toBeVisible();
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await field(page, 'Name').fill(name);
    await field(page, 'Short code').fill('shf');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/units$/);
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // A second unit of the same name is a 422 under the name.
    await page.getByRole('link', { name: 'Add' }).click();
    await field(page, 'Name').fill(name);
    await field(page, 'Short code').fill('shf2');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('This name is already taken.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'EXIT' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/units$/);

    // Search is a case-insensitive contains on the name.
    await search(page).fill(name.toUpperCase());
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/units\/\d+$/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue(name);
    await field(page, 'Short code').fill('sf');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/units$/);
    await expect(
      page.getByRole('row', { name: new RegExp(name) }).getByRole('cell', { name: 'sf', exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(CONFIRM)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });

  test('a unit that component units use cannot be deleted, and the dialog says why', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/units');
    await page.getByRole('button', { name: 'Delete Stem' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/component unit/i);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: 'Stem', exact: true })).toBeVisible();
  });

  test('at 375 px the list and the form fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/units');
    await expect(page.getByRole('button', { name: 'Delete Stem' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Stem' }).click();
    await expect(field(page, 'Name')).toHaveValue('Stem');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test('a partner has no Units of measure entry and is turned away from the screen', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(page.getByRole('link', { name: 'Units of measure' })).toHaveCount(0);
  await page.goto('/units');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/measure-units')).status);
  expect(status).toBe(403);
});
