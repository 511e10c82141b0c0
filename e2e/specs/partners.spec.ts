import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, blockMapTiles, expectNoSidewaysScroll } from '../support/orders';

/** A name no other run or worker uses. */
const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function choose(page: Page, label: string, option: string) {
  await expect(field(page, label)).toBeEnabled();
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field(page, label)).toHaveValue(option);
}

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

test.describe('staff keep the partners', () => {
  test('add a partner placed on the map, find it on the map and in the table, disable, enable, export', async ({
    page,
  }) => {
    // One long journey on a busy machine: add, search, disable, enable, export and reopen.
    test.setTimeout(150_000);
    await signIn(page, STAFF);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Configurations' })
      .click();
    await page.getByRole('menuitem', { name: 'Partners' }).click();
    await expect(page).toHaveURL(/\/partners$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Map of the partners and their delivery areas' });
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon[title="Kloof Street Flowers"]')).toHaveCount(1);
    await expect(page.getByRole('cell', { name: 'Kloof Street Flowers', exact: true })).toBeVisible();
    await expectAccessible(page);

    const name = unique('Karoo Blossoms');
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/partners\/add$/);
    await field(page, 'Name').fill(name);
    await field(page, 'Owner name').fill('Karin Botha');
    await field(page, 'Owner email').fill('karin@karoo.example');
    await choose(page, 'Province', 'Western Cape');
    await choose(page, 'City', 'Cape Town');
    await choose(page, 'Suburb', 'Gardens');
    await expect(field(page, 'Country')).toHaveValue('South Africa');
    await field(page, 'Radius (km)').fill('12');
    // A click on the map places the partner there.
    const picker = page.getByRole('region', { name: 'Map: click to place the partner' });
    await picker.click({ position: { x: 200, y: 130 } });
    await expect(field(page, 'Latitude')).not.toHaveValue('');
    const latitude = Number(await field(page, 'Latitude').inputValue());
    expect(latitude).toBeGreaterThan(-35);
    expect(latitude).toBeLessThan(-22);
    await expect(picker.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expectAccessible(page);

    // A rating outside 1..10 is refused under the field, in the server's words.
    await field(page, 'Rating').fill('11');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Rating must be between 1 and 10.')).toBeVisible();
    await field(page, 'Rating').fill('8');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/partners$/);

    await page.getByRole('textbox', { name: 'Search partners' }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell', { name: 'Cape Town', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
    await expect(map.locator(`.leaflet-marker-icon[title="${name}"]`)).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);

    // Disable, confirmed; then enable again.
    await page.getByRole('button', { name: `Disable ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable partner' });
    await expect(dialog).toContainText('no new orders');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
    await expect(map.locator(`.leaflet-marker-icon[title="${name} (disabled)"]`)).toHaveCount(1);
    await page.getByRole('button', { name: `Enable ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Enable partner' })
      .getByRole('button', { name: 'Enable' })
      .click();
    await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

    // The export is the list as searched, named by the server.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^partners-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Name,City,Province,Type,Rating,Enabled,Latitude,Longitude,Radius (km)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${name},Cape Town,Western Cape,florist,8,Yes,`);

    // The record keeps what was entered.
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(field(page, 'Name')).toHaveValue(name);
    await expect(field(page, 'Suburb')).toHaveValue('Gardens');
    await expect(field(page, 'Latitude')).toHaveValue(String(latitude));
    await expect(field(page, 'Radius (km)')).toHaveValue('12');
  });

  test('the partner products page answers for a partner', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/partners?q=Kloof');
    await page.getByRole('link', { name: 'Products of Kloof Street Flowers' }).click();
    await expect(page).toHaveURL(/\/partners\/\d+\/products$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Products of Kloof Street Flowers' }),
    ).toBeVisible();
    // The seed links Kloof Street Flowers to products: the table lists them, the first as the API gives it.
    const partnerId = Number(/\/partners\/(\d+)\/products$/.exec(page.url())?.[1]);
    const linked = await apiGet<{ data: { title: string }[] }>(
      page,
      `/api/partners/${String(partnerId)}/products`,
    );
    expect(linked.data.length, 'products linked to Kloof Street Flowers').toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Products of Kloof Street Flowers' });
    await expect(table.getByRole('cell', { name: linked.data[0]!.title, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('at 375 px the list, the map and the form fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/partners');
    await expect(page.getByRole('link', { name: 'Edit Kloof Street Flowers' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Kloof Street Flowers' }).click();
    await expect(field(page, 'Name')).toHaveValue('Kloof Street Flowers');
    await expect(page.getByRole('region', { name: 'Map: click to place the partner' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test.describe('a partner user', () => {
  for (const width of [1280, 375]) {
    test(`edits their business profile at ${String(width)} px and cannot reach the partners`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, FLORIST);
      if (width > 375) {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: 'My account' })
          .click();
        await page.getByRole('menuitem', { name: 'Business profile' }).click();
      } else {
        await page.goto('/partners/profile');
      }
      await expect(page).toHaveURL(/\/partners\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Business profile' })).toBeVisible();
      await expect(field(page, 'Name')).toHaveValue('Kloof Street Flowers');
      for (const label of ['Rating', 'Commission', 'Bank name', 'Latitude'])
        await expect(field(page, label)).toHaveCount(0);
      await expect(page.getByRole('region', { name: /Map/ })).toHaveCount(0);
      if (width === 375) await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      const phone = `082 ${String(Date.now()).slice(-7)}`;
      await field(page, 'Owner phone').fill(phone);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/partners/profile');
      await expect(field(page, 'Owner phone')).toHaveValue(phone);

      await page.goto('/partners');
      await expect(page).toHaveURL(/\/dashboard$/);
      const statuses = await page.evaluate(async () =>
        Promise.all(['/api/partners', '/api/partners/export'].map(async (u) => (await fetch(u)).status)),
      );
      expect(statuses).toEqual([403, 403]);
    });
  }
});
