import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { ACCOUNTING_COLUMNS, todayInJohannesburg } from '@bloomline/contract';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

const REPORTS = [
  ['Partner orders', '/reporting/partner-orders'],
  ['Profit centres revenue', '/reporting/profit-centre-revenue'],
  ['Sales by partner', '/reporting/partner-sales'],
  ['Average fulfillment time', '/reporting/average-fulfillment-time'],
  ['Sales / Revenue by Component', '/reporting/component-sales'],
  ['Accounting CSV', '/reporting/accounting-csv'],
  ['Collection status', '/reporting/collection-status'],
] as const;

/** The seed's orders run up to today: the last 60 days hold plenty of them. */
const today = todayInJohannesburg();
const daysBefore = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const RECENT = `startDate=${daysBefore(60)}&endDate=${today}`;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/reporting-${name}.png`, fullPage: true });

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return {
    name: file.suggestedFilename(),
    text: readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, ''),
  };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('at 1280 px staff run the business from the reports', () => {
  test.beforeEach(async ({ page }) => signIn(page, STAFF));

  test('the Reporting menu lists the reports in order', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reporting' }).click();
    await expect(page).toHaveURL(/\/reporting$/);
    const links = page.getByRole('navigation', { name: 'Reports' }).getByRole('link');
    await expect(links).toHaveText(REPORTS.map(([label]) => label));
    await expectAccessible(page);
    await shot(page, 'menu-1280');
    await links.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partner orders' })).toBeVisible();
  });

  test('partner orders: two donuts with tables, a status filter in the address, back and reload, export', async ({
    page,
  }) => {
    await page.goto('/reporting/partner-orders');
    await expect(region(page, 'Orders').getByRole('row').nth(1)).toBeVisible();
    await expect(region(page, 'Order items').getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('.recharts-pie')).toHaveCount(2);
    await expectAccessible(page);
    await shot(page, 'partner-orders-1280');

    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered', exact: true }).click();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/reporting\/partner-orders\?status=5$/);
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('Delivered');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('Delivered');
    await page.goBack();
    await expect(page).toHaveURL(/\/reporting\/partner-orders$/);
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('');
    await page.goForward();
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('Delivered');

    const csv = await download(page, 'Export');
    expect(csv.name).toBe('partner-orders-all-all.csv');
    expect(csv.text.split('\r\n')[0]).toBe('Partner,Orders,Order items,Order value');
  });

  test('sales by partner: sales per partner in the chart, its table and its export; Filter submits', async ({
    page,
  }) => {
    await page.goto(`/reporting/partner-sales?${RECENT}`);
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const table = region(page, 'Sales by partner');
    await expect(table.getByRole('row').nth(1)).toContainText('R');
    await expectAccessible(page);
    await shot(page, 'partner-sales-1280');
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Fulfilled', exact: true }).click();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?${RECENT}&status=4$`));
    // The export holds the table's rows (issue 36; it was the profit-centre revenue).
    const csv = await download(page, 'Export');
    expect(csv.name).toBe(`partner-sales-${daysBefore(60)}-${today}.csv`);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Partner,Sales');
    await expect(table.getByRole('row')).toHaveCount(lines.length);
  });

  test('profit-centre revenue, fulfilment time and component sales draw their charts and tables', async ({
    page,
  }) => {
    await page.goto(`/reporting/profit-centre-revenue?${RECENT}`);
    await expect(region(page, 'Revenue by profit centre').getByRole('row').nth(1)).toContainText(/R \d/);
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'profit-centre-revenue-1280');

    await page.goto(`/reporting/average-fulfillment-time?${RECENT}`);
    await expect(region(page, 'Average per partner').getByRole('row').nth(1)).toContainText(
      /\d+ (hour|day|month)/,
    );
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'average-fulfillment-1280');
    const times = await download(page, 'Export');
    expect(times.name).toBe(`average-fulfillment-time-${daysBefore(60)}-${today}.csv`);

    await page.goto(`/reporting/component-sales?${RECENT}`);
    await expect(region(page, 'Components sold').getByRole('row').nth(1)).toContainText(/R \d/);
    await expectAccessible(page);
    await shot(page, 'component-sales-1280');
    const sales = await download(page, 'Export');
    expect(sales.text.split('\r\n')[0]).toBe('Component,Sales revenue,Count');
  });

  test('a period without orders says so; an end before the start is refused', async ({ page }) => {
    await page.goto('/reporting/component-sales?startDate=2099-01-01');
    await expect(page.getByText('No data for this period.').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/reporting/profit-centre-revenue?startDate=2026-05-10&endDate=2026-05-01');
    await expect(page.getByText('End date cannot be before the start date.')).toBeVisible();
    await expect(page.getByText('No data for this period.').first()).toBeVisible();
  });

  test('collection status: every city with Local delivery and Partners', async ({ page }) => {
    await page.goto('/reporting/collection-status');
    await expect(page.getByRole('columnheader')).toHaveText(['Name', 'Local delivery', 'Partners']);
    await expect(page.getByRole('cell', { name: 'Yes', exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'collection-status-1280');
    // Exported like every report (issue 36).
    const csv = await download(page, 'Export');
    expect(csv.name).toBe('collection-status-all-all.csv');
    expect(csv.text.split('\r\n')[0]).toBe('Name,Local delivery,Partners');
  });

  test('accounting CSV: the lines of a period, the on-pay dialog, and Export report', async ({ page }) => {
    await page.goto('/reporting/accounting-csv');
    await expect(page.getByText('Choose a period')).toBeVisible();
    await page.goto(`/reporting/accounting-csv?startDate=${daysBefore(14)}&endDate=${today}`);
    const table = page.getByRole('table', { name: 'Accounting rows' });
    await expect(table.getByRole('columnheader')).toHaveText([...ACCOUNTING_COLUMNS]);
    await expect(page.getByText(/order lines/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'accounting-1280');

    await table
      .getByRole('button', { name: /^View onpay calculation of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^On pay calculation of / });
    await expect(dialog.getByText('On pay (Incl Delivery)')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'accounting-dialog-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const csv = await download(page, 'Export report');
    expect(csv.name).toBe(`accounting-${daysBefore(14)}-${today}.csv`);
    const records = csv.text.trimEnd().split('\r\n');
    expect(records[0]).toBe(ACCOUNTING_COLUMNS.join(','));
    expect(records.length).toBeGreaterThan(1);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('every report fits the phone, and the accounting report hides Export report', async ({ page }) => {
    await signIn(page, STAFF);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Reporting' }).click();
    await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link')).toHaveCount(7);
    await expectNoSidewaysScroll(page);
    await shot(page, 'menu-375');
    for (const [label, path] of REPORTS) {
      const address = path === '/reporting/collection-status' ? path : `${path}?${RECENT}`;
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      // Loaded: the rows are cards on a phone (the charts' figures are there for screen readers too).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${path.split('/').pop()!}-375`);
      if (path === '/reporting/accounting-csv')
        await expect(page.getByRole('button', { name: 'Export report' })).toBeHidden();
    }
  });
});

test('a partner has no Reporting menu and is kept out of the reports', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(page.getByRole('link', { name: 'Reporting' })).toHaveCount(0);
  await page.goto('/reporting/partner-orders');
  await expect(page).toHaveURL(/\/dashboard$/);
  const answer = await page.request.get('/api/reporting/partner-orders', {
    headers: { accept: 'application/json' },
  });
  expect(answer.status()).toBe(403);
});
