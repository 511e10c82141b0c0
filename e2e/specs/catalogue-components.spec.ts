import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

const CONFIRM = 'Confirm that you want to delete the record';
const IN_USE = 'This colour cannot be deleted: it is still used by components.';
/** A 16 × 16 pink PNG: a picture Chromium can draw, sent under a .jpg name (the server reads the bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAALklEQVR4AZXBAQEAMAiAME47Wz2tOczA9nY+hUQSSSSRRBJJJJFEEkkkkUQSSXRZUwHP7u09SwAAAABJRU5ErkJggg==',
  'base64',
);

const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const field = (page: Page | Locator, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });
const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function openFromMenu(page: Page, group: string, item: string, heading: string) {
  await main(page).getByRole('button', { name: group }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function pick(page: Page, box: Locator, option: string) {
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Whether an image has been drawn (it loaded and decoded). */
const drawn = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0);

test.describe('staff keep colours and components', () => {
  test('add a colour, a unit and a component with a picture; edit its price; the colour in use stays', async ({
    page,
  }) => {
    // One journey through six screens with axe on each: longer than the default minute on a busy machine.
    test.slow();
    await signIn(page, STAFF);
    await openFromMenu(page, 'Configurations', 'Colours', 'Colours');
    await expect(page).toHaveURL(/\/colours$/);
    await expectAccessible(page);

    // A colour: required, then added; the same name in other letters is a 422 on the name.
    const colour = unique('Coral');
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/colours\/add$/);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await field(page, 'Name').fill(colour);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/colours$/);
    await expect(page.getByRole('cell', { name: colour, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Add' }).click();
    await field(page, 'Name').fill(colour.toUpperCase());
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('This name is already taken.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/colours$/);

    // A component, with a new unit from the form's dialog and a picture.
    await openFromMenu(page, 'Manage products', 'Components', 'Components');
    await expect(page).toHaveURL(/\/components$/);
    await expectAccessible(page);
    const name = unique('Coral peony');
    const quantity = String(100 + Math.floor(Math.random() * 900));
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/components\/add$/);
    await expect(page.getByRole('checkbox', { name: 'Show on menu' })).toBeChecked();
    await field(page, 'Name').fill(name);
    // Money is typed as people write it: a price that is no amount is refused under the field, as typed;
    // 12,50 is twelve rand fifty (issue 19), shown back the way every screen shows money.
    const price = page.getByRole('textbox', { name: /^Wholesale price/ });
    await price.fill('12,50,1');
    await price.press('Tab');
    await expect(page.getByText('Wholesale price must be an amount such as 1 234,50.')).toBeVisible();
    await expect(price).toHaveValue('12,50,1');
    await price.fill('12,50');
    await price.press('Tab');
    await expect(price).toHaveValue('R 12,50');
    await expect(page.getByText('Wholesale price must be an amount such as 1 234,50.')).toBeHidden();
    await page.getByRole('button', { name: 'New unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New unit' });
    await dialog.getByRole('textbox', { name: /^Quantity/ }).fill(quantity);
    await pick(page, dialog.getByRole('textbox', { name: /^Unit of measure/ }), 'Stem (st)');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add unit' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Unit')).toHaveValue(`${quantity} Stem`);
    await pick(page, field(page, 'Colour'), colour);
    await page.getByRole('checkbox', { name: 'Commission' }).check();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'peony.jpg', mimeType: 'image/jpeg', buffer: PNG });
    await expect(page.getByRole('img', { name: `Chosen picture for ${name}` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/components$/);
    // The newest confirmation: the new unit's may still be showing above it.
    await expect(page.getByText('Saved.').last()).toBeVisible();

    // The list shows its thumbnail and price; the search finds it.
    await page.getByRole('textbox', { name: 'Search components by name' }).fill(name);
    await expect(page).toHaveURL(/\/components\?q=/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    const thumbnail = row.getByRole('img', { name: `Picture of ${name}` });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => drawn(thumbnail)).toBe(true);
    await expect(row).toContainText('R 12,50');
    await expect(row).toContainText(`${quantity} Stem`);
    await expect(row.getByRole('link', { name: `Rates of ${name}` })).toHaveAttribute(
      'href',
      /\/componentrates\/\d+$/,
    );

    // Its price edited; the picture stays.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/components\/\d+$/);
    await expect(field(page, 'Name')).toHaveValue(name);
    await expect(page.getByRole('img', { name: `Picture of ${name}` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Commission' })).toBeChecked();
    await expect(price).toHaveValue('R 12,50');
    await price.fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/components$/);
    await page.getByRole('textbox', { name: 'Search components by name' }).fill(name);
    await expect(row).toContainText('R 15,00');
    await expect(row.getByRole('img', { name: `Picture of ${name}` })).toBeVisible();

    // The colour the component is in cannot be deleted, and the dialog says why.
    await page.goto(`/colours?q=${encodeURIComponent(colour)}`);
    await page.getByRole('button', { name: `Delete ${colour}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(CONFIRM)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(IN_USE);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: colour, exact: true })).toBeVisible();
  });

  test('the component list pages, searches and sorts in the address, and Back restores it', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    await page.goto('/components');
    // The first row's Edit link names its component; skeleton rows have none.
    const firstEdit = page.getByRole('link', { name: /^Edit / }).first();
    await expect(firstEdit).toBeVisible();
    const pageOne = (await firstEdit.getAttribute('aria-label'))!;
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/\/components\?page=2$/);
    await expect(firstEdit).not.toHaveAttribute('aria-label', pageOne);
    const pageTwo = (await firstEdit.getAttribute('aria-label'))!;

    await page.getByRole('button', { name: /^Wholesale, sort by this column/ }).click();
    await expect(page).toHaveURL(/\/components\?s=wholesale_excl_vat&d=asc$/);
    await page.getByRole('button', { name: /^Wholesale, sorted ascending/ }).click();
    await expect(page).toHaveURL(/\/components\?s=wholesale_excl_vat&d=desc$/);
    // The dearest first: the orchid of the demo catalogue.
    await expect(firstEdit).toHaveAttribute('aria-label', 'Edit Phalaenopsis orchid');

    const search = page.getByRole('textbox', { name: 'Search components by name' });
    await search.fill('rose');
    await expect(page).toHaveURL(/\/components\?s=wholesale_excl_vat&d=desc&q=rose$/);
    await expect(page.getByRole('cell', { name: 'Red rose', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Glass vase', exact: true })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/components\?s=wholesale_excl_vat&d=desc$/);
    await expect(search).toHaveValue('');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/components\?page=2$/);
    await expect(firstEdit).toHaveAttribute('aria-label', pageTwo);
    await page.goBack();
    await expect(page).toHaveURL(/\/components$/);
    await expect(firstEdit).toHaveAttribute('aria-label', pageOne);

    await search.fill('zzzz-nothing');
    await expect(page.getByText('Nothing found.')).toBeVisible();
  });

  test('at 375 px the lists, the forms and the dialog fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/colours');
    await expect(page.getByRole('button', { name: 'Delete Red' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Red' }).click();
    await expect(field(page, 'Name')).toHaveValue('Red');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.goto('/components');
    await expect(page.getByRole('link', { name: 'Edit Alstroemeria' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Alstroemeria' }).click();
    await expect(field(page, 'Name')).toHaveValue('Alstroemeria');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New unit' }).click();
    await expect(page.getByRole('dialog', { name: 'New unit' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test('a partner has no catalogue menu and is sent to the dashboard', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(main(page).getByRole('button', { name: 'Manage products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Colours' })).toHaveCount(0);
  for (const path of ['/components', '/components/add', '/colours', '/colours/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  const statuses = await page.evaluate(async () =>
    Promise.all(
      ['/api/components', '/api/colours', '/api/component-units'].map(async (u) => (await fetch(u)).status),
    ),
  );
  expect(statuses).toEqual([403, 403, 403]);
});
