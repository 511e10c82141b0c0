import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';

import { assignAll, partnerNamed, shopSendsOrders, uniqueSurname } from '../support/bulk';
import { E2E_DATA_DIR } from '../playwright.config';
import { expectAccessible, FLORIST, lastMailTo, PASSWORD, signIn, STAFF } from '../support/helpers';
import {
  apiGet,
  apiPostJson,
  blockMapTiles,
  CONSTANTIA,
  expectNoSidewaysScroll,
  expectOrderPage,
  getOrder,
  KLOOF,
  type Order,
  searchOrders,
} from '../support/orders';

// Many at once (issue 40): the four journeys the issue names, each at 1280 and at 375 px, with axe on every
// screen and dialog. Each journey makes its own orders through the shop's door, under a surname of its own.

/** Staff in a browser context of their own, for setting a journey up beside the person it follows. */
async function staffBeside(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signIn(page, STAFF);
  return page;
}

for (const width of [1280, 375]) {
  const phone = width < 600;
  test.describe(`at ${String(width)} px`, () => {
    test.use(
      phone
        ? { viewport: { width, height: 740 }, isMobile: true, hasTouch: true }
        : { viewport: { width, height: 800 } },
    );

    test('a partner accepts five new orders at once', async ({ page, browser }) => {
      test.slow();
      const staff = await staffBeside(browser);
      const surname = uniqueSurname('Acceptfive');
      const orders = await shopSendsOrders(staff, 5, surname);
      await assignAll(
        staff,
        orders.map((o) => o.id),
        await partnerNamed(staff, KLOOF),
      );

      await signIn(page, FLORIST);
      await page.goto('/orders/open');
      await searchOrders(page, surname);
      await expect(page.getByRole('link', { name: /^View order / })).toHaveCount(5);
      if (phone) {
        // The boxes wait behind Select; "Select all" takes every order the list holds in one tap.
        await expect(page.getByRole('checkbox', { name: /^Select order/ })).toHaveCount(0);
        await page.getByRole('button', { name: 'Select all 5' }).tap();
      } else {
        await page.getByRole('checkbox', { name: 'Select page' }).check();
      }
      await expect(page.getByText('5 selected')).toBeVisible();
      await expectAccessible(page);
      if (phone) await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Accept (5)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept 5 orders?' });
      await expect(dialog.getByText('You feel confident that you can fulfill the order.')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Accept 5 orders' }).click();

      await expect(page.getByText('5 accepted.')).toBeVisible();
      // Accepted, they leave the new orders and are in progress.
      await expect(page.getByText('No orders to display')).toBeVisible();
      await expectAccessible(page);
      for (const o of orders) expect((await getOrder(staff, o.id)).status).toBe('accepted');
      await staff.context().close();
    });

    test('staff assign ten unassigned orders to one florist', async ({ page }) => {
      test.slow();
      await signIn(page, STAFF);
      const surname = uniqueSurname('Assignten');
      const orders = await shopSendsOrders(page, 10, surname);
      await page.goto('/orders/unassigned');
      await searchOrders(page, surname);
      await expect(page.getByRole('link', { name: /^View order / })).toHaveCount(10);
      if (phone) await page.getByRole('button', { name: 'Select all 10' }).tap();
      else await page.getByRole('checkbox', { name: 'Select page' }).check();
      await expect(page.getByText('10 selected')).toBeVisible();

      await page.getByRole('button', { name: 'Assign…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign the unassigned items' });
      await dialog.getByRole('switch', { name: 'Show all partners' }).check();
      await dialog.getByRole('textbox', { name: 'Search partners' }).fill('Constantia');
      await dialog.getByRole('radio', { name: new RegExp(CONSTANTIA) }).check();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Assign' }).click();

      await expect(page.getByText('10 assigned.')).toBeVisible();
      await expect(page.getByText('No orders to display')).toBeVisible();
      await expectAccessible(page);
      if (phone) await expectNoSidewaysScroll(page);
      for (const o of orders) {
        const now = await getOrder(page, o.id);
        expect(now.lines.map((l) => l.partner?.name)).toEqual([CONSTANTIA]);
      }
      // The florist heard once, of all ten, by e-mail (the push and the stream likewise).
      const mail = lastMailTo('florist2@example.com', E2E_DATA_DIR);
      expect(mail?.subject).toBe(`10 new orders for ${CONSTANTIA}`);
    });

    test('a saved view shared by one staff user opens for another', async ({ page, browser }) => {
      test.slow();
      await signIn(page, STAFF);
      const surname = uniqueSurname('Sharedview');
      const [order] = await shopSendsOrders(page, 1, surname);

      await page.goto('/orders/unassigned');
      await searchOrders(page, surname);
      await page.getByRole('button', { name: 'Save view' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save view' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Unassigned ${surname}`);
      await dialog.getByRole('checkbox', { name: 'Share with all staff' }).check();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save view' }).click();
      const tabs = page.getByRole('navigation', { name: 'Saved views' });
      await expect(tabs.getByRole('link', { name: `Unassigned ${surname}` })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // Another staff user finds it above their lists, says who shared it, and it opens the same orders.
      const other = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
      await signIn(other, await newStaffUser(page, other, surname));
      await other.goto('/orders/open');
      const shared = other
        .getByRole('navigation', { name: 'Saved views' })
        .getByRole('link', { name: new RegExp(`^Unassigned ${surname}, shared by `) });
      await shared.click();
      await expect(other).toHaveURL(new RegExp(`/orders/unassigned\\?q=${surname}`));
      await expect(other.getByRole('heading', { level: 1, name: 'Unassigned' })).toBeVisible();
      await expect(other.getByRole('link', { name: `View order ${order!.name}` })).toBeVisible();
      await expect(other.getByRole('link', { name: /^View order / })).toHaveCount(1);
      await expectAccessible(other);
      if (phone) await expectNoSidewaysScroll(other);
      // A view is an address: the same link in a new tab opens the same list.
      await other.goto(`/orders/unassigned?q=${surname}`);
      await expect(
        other
          .getByRole('navigation', { name: 'Saved views' })
          .getByRole('link', { name: new RegExp(surname) }),
      ).toHaveAttribute('aria-current', 'page');
      await other.context().close();
    });

    test('staff find an order by its recipient from an order page, keyboard only', async ({ page }) => {
      test.slow();
      await blockMapTiles(page);
      await signIn(page, STAFF);
      const surname = uniqueSurname('Findme');
      const [wanted] = await shopSendsOrders(page, 1, surname);
      const { data } = await apiGet<{ data: Order[] }>(page, '/api/orders', { per_page: 1 });
      await page.goto(`/order/${String(data[0]!.id)}`);
      await expectOrderPage(page, data[0]!.name);

      // The header's search button, there once the first screen is shown (Ctrl+K works from then on).
      const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
      await expect(button).toBeVisible();
      if (phone) await button.tap();
      else await page.keyboard.press('Control+K');
      const box = page.getByRole('combobox', { name: 'Search' });
      await expect(box).toBeFocused();
      // The recipient as the shop sent them: "Thandi <surname>".
      await page.keyboard.type(`Thandi ${surname}`);
      const option = page.getByRole('option', { name: new RegExp(wanted!.name) });
      await expect(option).toBeVisible();
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page);
      await page.keyboard.press('Enter');
      await expectOrderPage(page, wanted!.name);
      if (phone) await expectNoSidewaysScroll(page);
    });
  });
}

/**
 * A second staff user, made as staff make one (the user form's call), who sets a password from the e-mailed
 * link as people do, in `guest`'s browser. Answers their e-mail address.
 */
async function newStaffUser(staff: Page, guest: Page, surname: string): Promise<string> {
  const email = `${surname.toLowerCase()}@example.com`;
  const made = await apiPostJson(staff, '/api/users', {
    name: `Colleague ${surname}`,
    email,
    phone_number: '082 555 0199',
    role_id: 2,
  });
  expect(made.status, 'POST /api/users').toBe(201);
  await expect.poll(() => lastMailTo(email, E2E_DATA_DIR)).toBeTruthy();
  const token = /\/reset-password\/([^\s?]+)/.exec(lastMailTo(email, E2E_DATA_DIR)!.text)?.[1];
  expect(token).toBeTruthy();
  await guest.request.get('/sanctum/csrf-cookie');
  const reset = await apiPostJson(guest, '/api/reset-password', {
    token,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(reset.status, 'POST /api/reset-password').toBeLessThan(300);
  return email;
}
