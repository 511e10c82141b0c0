import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

/** A name no other run or worker uses. */
const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function pickParent(page: Page, search: string, name: string) {
  await field(page, 'Parent').fill(search);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(field(page, 'Parent')).toHaveValue(name);
}

test.describe('staff keep the locations', () => {
  test('adds a suburb, is told of a duplicate handle, finds and edits it', async ({ page }) => {
    await signIn(page, STAFF);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Configurations' }).click();
    await page.getByRole('menuitem', { name: 'Locations' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Parent' })).toBeVisible();
    await expectAccessible(page);

    const name = unique('Wavecrest');
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/locations\/add$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit location' })).toBeVisible();
    await field(page, 'Name').fill(name);
    const handle = name.toLowerCase().replace(/ /g, '-');
    await expect(field(page, 'Handle')).toHaveValue(handle);
    await pickParent(page, 'Cape To', 'Cape Town');
    await field(page, 'Header 1').fill(`Flowers in ${name}`);
    await page.getByRole('textbox', { name: 'Latitude' }).fill('-33.91');
    await page.getByRole('textbox', { name: 'Longitude' }).fill('18.42');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/locations$/);

    // The same name again suggests the same handle, which the server refuses under the field.
    await page.getByRole('link', { name: 'Add' }).click();
    await field(page, 'Name').fill(name);
    await pickParent(page, 'Cape To', 'Cape Town');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('This handle is already taken.')).toBeVisible();
    await expect(field(page, 'Handle')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/locations\/add$/);
    await expectAccessible(page);

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/locations$/);

    await page.getByRole('textbox', { name: 'Search locations' }).fill(name);
    await expect(page).toHaveURL(
      new RegExp(`[?&]q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`),
    );
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(field(page, 'Name')).toHaveValue(name);
    await expect(field(page, 'Parent')).toHaveValue('Cape Town');
    await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('-33.91');
    await field(page, 'Header 2').fill('Same-day delivery');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await page.getByRole('textbox', { name: 'Search locations' }).fill(name);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(field(page, 'Header 2')).toHaveValue('Same-day delivery');
  });

  test('pages and searches in the address, and the back button restores both', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/locations');
    // The first row's Edit link names its location; skeleton rows have none.
    const firstEdit = page.getByRole('link', { name: /^Edit / }).first();
    await expect(firstEdit).toBeVisible();
    const pageOne = (await firstEdit.getAttribute('aria-label'))!;
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/\/locations\?page=2$/);
    await expect(firstEdit).not.toHaveAttribute('aria-label', pageOne);
    const pageTwo = (await firstEdit.getAttribute('aria-label'))!;

    const search = page.getByRole('textbox', { name: 'Search locations' });
    await search.fill('Bay');
    await expect(page).toHaveURL(/\/locations\?q=Bay$/);
    await expect(page.getByRole('cell', { name: 'Beacon Bay', exact: true })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/locations\?page=2$/);
    await expect(search).toHaveValue('');
    await expect(firstEdit).toHaveAttribute('aria-label', pageTwo);
    await page.goBack();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(firstEdit).toHaveAttribute('aria-label', pageOne);

    await search.fill('zzzz-nowhere');
    await expect(page.getByText('Nothing found.')).toBeVisible();
  });

  test('at 375 px the list and the form fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/locations');
    await expect(page.getByRole('link', { name: 'Edit Arboretum' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Arboretum' }).click();
    await expect(field(page, 'Name')).toHaveValue('Arboretum');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/locations$/);
  });
});

test('a partner has no Locations entry and is turned away from the screen', async ({ page }) => {
  await signIn(page, FLORIST);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Configurations' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Locations' })).toHaveCount(0);
  await page.goto('/locations');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/locations')).status);
  expect(status).toBe(403);
});
