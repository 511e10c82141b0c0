import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

/** A word no other run or worker uses: the rows of a test are found by searching for it. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Three components of this test's own, made through the API, so that no other spec sees their prices move. */
async function makeComponents(page: Page, tag: string): Promise<string[]> {
  const names = ['Anemone', 'Banksia', 'Calla'].map((word) => `Bulk ${tag} ${word}`);
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  for (const [index, name] of names.entries()) {
    const response = await page.request.post('/api/components', {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
      data: { name, wholesale_excl_vat: 10 + index },
    });
    expect(response.status(), `POST /api/components ${name}`).toBe(201);
  }
  return names;
}

const price = (page: Page, name: string) =>
  page.getByRole('textbox', { name: `Wholesale excl VAT of ${name}`, exact: true });
const nameBox = (page: Page, name: string) =>
  page.getByRole('textbox', { name: `Name of ${name}`, exact: true });
/** A component's row of the grid, or its card on a phone. */
const rowWith = (page: Page, cell: Locator) => page.locator('tr, li').filter({ has: cell });

async function openBulkEdit(page: Page, tag: string) {
  await page.goto(`/components/bulk-edit?q=${encodeURIComponent(`Bulk ${tag}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk edit components' })).toBeVisible();
}

test.describe('staff bulk-edit components', () => {
  test('reach it from the list, change three prices, see each row flash green, and find them after reload', async ({
    page,
  }) => {
    // Two axe runs and a reload on a machine shared with other workers.
    test.slow();
    await signIn(page, STAFF);
    const tag = unique();
    const names = await makeComponents(page, tag);

    await page.goto('/components');
    await page
      .getByRole('link', { name: 'Bulk edit' })
      .or(page.getByRole('button', { name: 'Bulk edit' }))
      .click();
    await expect(page).toHaveURL(/\/components\/bulk-edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk edit components' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'COMPONENTS' })).toBeVisible();
    await expect(breadcrumb.getByText('BULK EDIT')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search components by name' }).fill(`Bulk ${tag}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=Bulk(\\+|%20)${tag}`));
    await expect(price(page, names[2]!)).toHaveValue('R 12,00');
    await expect(page.getByRole('row')).toHaveCount(4);
    await expectAccessible(page);

    for (const [index, name] of names.entries()) {
      const box = price(page, name);
      // Typed the South African way, with a decimal comma (issue 19).
      await box.fill(`${20 + index},25`);
      const row = rowWith(page, box);
      await expect(row).toHaveAttribute('data-flash', 'saved');
      await expect(row).toHaveAttribute('data-state', 'saved');
      await expect(row.getByText('Saved', { exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    await page.reload();
    for (const [index, name] of names.entries())
      await expect(price(page, name)).toHaveValue(`R ${20 + index},25`);

    // The list shows them too.
    await page.getByRole('link', { name: 'Back to components' }).click();
    await expect(page).toHaveURL(/\/components$/);
    await page.getByRole('textbox', { name: 'Search components by name' }).fill(`Bulk ${tag}`);
    for (const index of [0, 1, 2])
      await expect(page.getByRole('cell', { name: new RegExp(`^R\\s?${20 + index}[,.]25$`) })).toBeVisible();
  });

  test('a negative price flashes red with the reason, Escape brings the saved one back, arrow keys move', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, STAFF);
    const tag = unique();
    const [first, second, third] = (await makeComponents(page, tag)) as [string, string, string];
    await openBulkEdit(page, tag);

    const box = price(page, second);
    await box.fill('-3');
    const row = rowWith(page, box);
    await expect(row).toHaveAttribute('data-state', 'failed');
    await expect(row).toHaveAttribute('data-flash', 'failed');
    await expect(row.getByText('Wholesale price cannot be negative.')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('bulk-edit-announcer')).toHaveText(
      `${second} not saved: Wholesale price cannot be negative.`,
    );
    // After the flash the row keeps its state by colour, icon and text; axe checks the contrast.
    await expect(row).not.toHaveAttribute('data-flash', 'failed');
    await expectAccessible(page);
    await box.press('Escape');
    await expect(box).toHaveValue('R 11,00');
    await expect(row).toHaveAttribute('data-state', 'idle');

    await nameBox(page, first).focus();
    await page.keyboard.press('ArrowDown');
    await expect(nameBox(page, second)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nameBox(page, third)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(price(page, third)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(price(page, second)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('checkbox', { name: `Container of ${second}` })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(rowWith(page, box)).toHaveAttribute('data-state', 'saved');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Container of ${second}` })).toBeChecked();
  });

  test('at 375 px each component is a card, nothing scrolls sideways, and a price still saves', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    const tag = unique();
    const [first] = (await makeComponents(page, tag)) as [string];
    await openBulkEdit(page, tag);
    const box = price(page, first);
    await expect(box).toHaveValue('R 10,00');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    // Without motion the flash comes and goes at once; the state still reads by colour, icon and text.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await box.fill('15.5');
    const row = rowWith(page, box);
    await expect(row).toHaveAttribute('data-state', 'saved');
    await expect(row).not.toHaveAttribute('data-flash', 'saved');
    await expect(row.getByText('Saved', { exact: true })).toBeAttached();
    expect(await row.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    await expectNoSidewaysScroll(page);
  });
});

test('a partner is turned away from the bulk edit', async ({ page }) => {
  await signIn(page, FLORIST);
  await page.goto('/components/bulk-edit');
  await expect(page).toHaveURL(/\/dashboard$/);
});
