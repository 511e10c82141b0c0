import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { expectNoSidewaysScroll } from '../support/orders';

const CONFIRM = 'Confirm that you want to delete the record';
const XERO_HINT = 'Connect Xero first to choose accounting contacts.';

async function openFromMenu(page: Page, item: 'Customers' | 'Companies') {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Manage customers' })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page).toHaveURL(new RegExp(`/${item.toLowerCase()}$`));
  await expect(page.getByRole('heading', { level: 1, name: item })).toBeVisible();
}

type OrderRef = { id: number; email: string; customer: string; firstName: string; lastName: string };

/** A delivered order bought by a private customer, read through the API as the staff user. */
async function orderOfAPrivateCustomer(page: Page, skip: number): Promise<OrderRef> {
  return page.evaluate(async (skip) => {
    const list = (await (await fetch('/api/orders?filter=delivered&per_page=50')).json()) as {
      data: { id: number }[];
    };
    const found: OrderRef[] = [];
    for (const { id } of list.data) {
      const { data } = (await (await fetch(`/api/orders/${String(id)}`)).json()) as {
        data: {
          firstName: string;
          lastName: string;
          extra: { source: string; email: string; customer: string };
        };
      };
      if (data.extra.source === 'web' && data.extra.customer && data.extra.email)
        found.push({ id, email: data.extra.email, customer: data.extra.customer, ...data });
      if (found.length > skip) return found[skip]!;
    }
    throw new Error('No web order found');
  }, skip);
}

const searchBox = (page: Page, what: string) => page.getByRole('textbox', { name: `Search ${what}` });

test.describe('staff keep the customers', () => {
  test("change a customer's partner in the dialog, and clear it again", async ({ page }) => {
    await signIn(page, STAFF);
    await openFromMenu(page, 'Customers');
    for (const header of ['Name', 'Email', 'Phone', 'Companies', 'Partner', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expectAccessible(page);

    const { email } = await orderOfAPrivateCustomer(page, 0);
    await searchBox(page, 'customers').fill(email);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').nth(1);
    const name = (await row.getByRole('cell').first().textContent())!.trim();

    await row.getByRole('button', { name: `Change partner of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change partner' });
    await expect(dialog).toBeVisible();
    const picker = dialog.getByRole('textbox', { name: 'Partner' });
    await picker.click();
    await picker.fill('');
    await picker.pressSequentially('a');
    const option = page.getByRole('option').filter({ hasNotText: 'No partner' }).first();
    await expect(option).toBeVisible();
    const partner = (await option.textContent())!.trim();
    await option.click();
    await expect(picker).toHaveValue(partner);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: partner, exact: true })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('row').nth(1).getByRole('cell', { name: partner, exact: true }),
    ).toBeVisible();

    // Cleared with the keyboard: the list's first choice is none.
    await page.getByRole('button', { name: `Change partner of ${name}` }).click();
    await expect(picker).toHaveValue(partner);
    await picker.click();
    await picker.press('Control+a');
    await picker.press('Backspace');
    await page.getByRole('option', { name: 'No partner' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').nth(1).getByRole('cell', { name: partner, exact: true })).toHaveCount(
      0,
    );
  });

  test('delete a customer after the confirmation; their order still names the buyer and recipient', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    const order = await orderOfAPrivateCustomer(page, 1);
    await page.goto(`/order/${String(order.id)}`);
    const customerValue = page
      .locator('dt', { hasText: /^Customer$/ })
      .locator('xpath=following-sibling::dd');
    await expect(customerValue).toHaveText(order.customer);
    await expect(page.getByText(`${order.firstName} ${order.lastName}`).first()).toBeVisible();

    await page.goto('/customers');
    await searchBox(page, 'customers').fill(order.email);
    await expect(page.getByRole('cell', { name: order.email, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${order.customer}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete record' });
    await expect(dialog).toContainText(CONFIRM);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Nothing found.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Nothing found.')).toBeVisible();

    await page.goto(`/order/${String(order.id)}`);
    await expect(customerValue).toHaveText(order.customer);
    await expect(page.getByText(`${order.firstName} ${order.lastName}`).first()).toBeVisible();
  });
});

test.describe('staff keep the companies', () => {
  test('toggle the flags, which stay after a reload, and see the accounting-contact notice', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    await openFromMenu(page, 'Companies');
    for (const header of ['Name', 'In store', 'AVBOB', 'B2B', 'Accounting contact'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    // The demo has no accounting connection: the screen says so instead of failing.
    await expect(page.getByText(XERO_HINT)).toBeVisible();
    await expect(
      page.getByText('The accounting connection (Xero) is not set up on this server.'),
    ).toBeVisible();
    await expectAccessible(page);

    await searchBox(page, 'companies').fill('Karoo Capital');
    await expect(page.getByRole('row')).toHaveCount(2);
    const inStore = page.getByRole('switch', { name: 'In store for Karoo Capital' });
    const b2b = page.getByRole('switch', { name: 'B2B for Karoo Capital' });
    await expect(inStore).not.toBeChecked();
    await expect(b2b).toBeChecked();
    await inStore.click({ force: true });
    await expect(page.getByRole('status', { name: 'In store for Karoo Capital: save state' })).toHaveText(
      'Saved',
    );
    await b2b.click({ force: true });
    await expect(page.getByRole('status', { name: 'B2B for Karoo Capital: save state' })).toHaveText('Saved');
    await expectAccessible(page);

    await page.reload();
    await expect(inStore).toBeChecked();
    await expect(b2b).not.toBeChecked();
    // And back, by keyboard.
    await inStore.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status', { name: 'In store for Karoo Capital: save state' })).toHaveText(
      'Saved',
    );
    await page.reload();
    await expect(inStore).not.toBeChecked();
  });
});

test('at 375 px both lists and the dialog fit the screen and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, STAFF);
  await page.goto('/customers');
  await expect(page.getByRole('button', { name: /^Change partner of / }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page
    .getByRole('button', { name: /^Change partner of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change partner' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/companies');
  await expect(page.getByRole('switch').first()).toBeVisible();
  await expect(page.getByText(XERO_HINT)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('a partner has no customer or company screens', async ({ page }) => {
  await signIn(page, FLORIST);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manage customers' }),
  ).toHaveCount(0);
  for (const path of ['/customers', '/companies']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  const statuses = await page.evaluate(async () =>
    Promise.all(
      ['/api/customers', '/api/companies', '/api/xero-contacts'].map(async (u) => (await fetch(u)).status),
    ),
  );
  expect(statuses).toEqual([403, 403, 403]);
});
