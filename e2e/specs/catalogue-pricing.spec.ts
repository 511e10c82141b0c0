import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, expectNoSidewaysScroll } from '../support/orders';

// Profit centres and component rates: a centre added through its form, a rate in it that follows its
// default markup, the rate's price before and after the centre's markup changes, and a rate in use whose
// Delete says why it is off; at 375 px and with axe on every screen.

const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const box = (page: Page, label: string | RegExp) => page.getByRole('textbox', { name: label });

type Created = { data: { id: number } };
type Rate = { id: number; profitCentre: { name: string }; variantsCount: number };

/** POST JSON as the signed-in user of `page`, with the CSRF header the web client sends. */
async function apiCreate(page: Page, path: string, body: unknown): Promise<Created> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(path, {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
    data: body,
  });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as Created;
}

async function openProfitCentres(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Manage products' })
    .click();
  await page.getByRole('menuitem', { name: 'Profit centres' }).click();
  await expect(page).toHaveURL(/\/profit-centres$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profit centres' })).toBeVisible();
}

/** The element lies wholly inside the 375 px screen: no table scrolls it away sideways. */
async function expectOnScreen(page: Page, name: string) {
  const bounds = await page.getByRole('button', { name }).first().boundingBox();
  expect(bounds, name).not.toBeNull();
  expect(bounds!.x + bounds!.width, `${name}'s right edge`).toBeLessThanOrEqual(375);
}

/** A seeded component whose Web rate is in product variants' recipes. */
async function rateInUse(page: Page): Promise<{ componentId: number; rate: Rate }> {
  const list = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/components', {
    q: 'Red rose',
  });
  const componentId = list.data.find((c) => c.name === 'Red rose')!.id;
  const rates = await apiGet<{ data: Rate[] }>(page, `/api/components/${String(componentId)}/rates`);
  return { componentId, rate: rates.data.find((r) => r.variantsCount > 0)! };
}

test.describe('staff price components in profit centres', () => {
  test('add a profit centre through its form, typed in percent', async ({ page }) => {
    await signIn(page, STAFF);
    await openProfitCentres(page);
    for (const header of ['Name', 'Default markup', 'Rebate', 'Auto update', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Web/ })).toContainText('110 %');
    await expectAccessible(page);

    // The centre: percentages typed, Submit off until it has a name.
    const centre = unique('Kiosk');
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/profit-centres\/add$/);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await box(page, /^Name/).fill(centre);
    await box(page, /^Default markup/).fill('60');
    await box(page, /^Rebate/).fill('5');
    await page.getByRole('checkbox', { name: /Auto update/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/profit-centres$/);
    await page.getByRole('textbox', { name: 'Search profit centres by name' }).fill(centre.toUpperCase());
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row', { name: new RegExp(centre) });
    await expect(row).toContainText('60 %');
    await expect(row).toContainText('5 %');
    await expect(row).toContainText('Yes');
  });

  test('a rate added in auto-update mode follows its centre to a new default markup', async ({ page }) => {
    await signIn(page, STAFF);
    const centre = unique('Market');
    await apiCreate(page, '/api/profit-centres', {
      name: centre,
      default_markup: 0.6,
      default_auto_update: true,
      rebate: 0.05,
    });
    // A component of our own, so no other journey moves its price.
    const name = unique('Pincushion');
    const { data: component } = await apiCreate(page, '/api/components', { name, wholesale_excl_vat: 12.34 });
    await page.goto(`/componentrates/${String(component.id)}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'COMPONENTS' })).toBeVisible();
    await expect(crumbs.getByText('COMPONENT RATES')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByText(/^Wholesale \(excl. VAT\)/)).toContainText('R 12,34');
    await expect(page.getByText('This component has no rates yet.')).toBeVisible();

    await box(page, /^Profit centre/).click();
    await page.getByRole('option', { name: centre }).click();
    await expect(page.getByRole('checkbox', { name: /Auto update/ })).toBeChecked();
    await expect(box(page, /^Markup/)).toHaveValue('60 %');
    await expect(box(page, /^Markup/)).toHaveAttribute('readonly', '');
    await expect(box(page, /^Rebate/)).toHaveValue('5 %');
    // (12.34 × 1.6 × 1.15) ÷ 0.95 = 23.9006…
    await expect(box(page, /^Price/)).toHaveValue('R 23,90');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const rate = page.getByRole('row', { name: new RegExp(`^${centre}`) });
    await expect(rate).toContainText('60 %');
    await expect(rate).toContainText('R 23,90');
    await expect(page.getByRole('heading', { level: 2, name: 'Add a rate' })).toBeVisible();

    // Edit fills the form in update mode; Cancel returns to add mode.
    await rate.getByRole('button', { name: `Edit rate in ${centre}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Update the rate in ${centre}` })).toBeVisible();
    await expect(box(page, /^Profit centre/)).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Add a rate' })).toBeVisible();

    // The centre's new default markup reprices the rate that follows it.
    await page.goto('/profit-centres');
    await page.getByRole('link', { name: `Edit ${centre}` }).click();
    await expect(box(page, /^Default markup/)).toHaveValue('60 %');
    await box(page, /^Default markup/).fill('80');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/profit-centres$/);
    await page.goto(`/componentrates/${String(component.id)}`);
    // (12.34 × 1.8 × 1.15) ÷ 0.95 = 26.888…
    await expect(rate).toContainText('80 %');
    await expect(rate).toContainText('R 26,89');
  });

  test('a rate that variants use cannot be deleted, and says why', async ({ page }) => {
    await signIn(page, STAFF);
    const { componentId, rate } = await rateInUse(page);
    await page.goto(`/componentrates/${String(componentId)}`);
    const row = page.getByRole('row', { name: new RegExp(`^${rate.profitCentre.name}`) });
    const remove = row.getByRole('button', { name: `Delete rate in ${rate.profitCentre.name}` });
    await expect(remove).toBeDisabled();
    await expect(row.getByText(`Used by ${String(rate.variantsCount)} product variant`)).toBeVisible();
    await expect(remove).toHaveAccessibleDescription(/^Used by \d+ product variants?$/);
    await expectAccessible(page);
  });

  test('at 375 px the centres and the rates fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/profit-centres');
    await expect(page.getByRole('link', { name: 'Edit Web' })).toBeVisible();
    const edit = await page.getByRole('link', { name: 'Edit Web' }).boundingBox();
    expect(edit!.x + edit!.width).toBeLessThanOrEqual(375);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Edit Web' }).click();
    await expect(box(page, /^Name/)).toHaveValue('Web');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    const { componentId } = await rateInUse(page);
    await page.goto(`/componentrates/${String(componentId)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Red rose' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit rate in Web' })).toBeVisible();
    await expectOnScreen(page, 'Edit rate in Web');
    await expectOnScreen(page, 'Delete rate in Web');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test('a partner has no Profit centres entry and is turned away from the screens', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(page.getByRole('link', { name: 'Profit centres' })).toHaveCount(0);
  await page.goto('/profit-centres');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/componentrates/1');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/profit-centres')).status);
  expect(status).toBe(403);
});
