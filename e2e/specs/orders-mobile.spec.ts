import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { FLORIST2, signIn } from '../support/helpers';
import {
  CONSTANTIA,
  expectNoSidewaysScroll,
  expectOrderPage,
  orderStatus,
  searchOrders,
  section,
  shopOrderFor,
  todayInJohannesburg,
  uniqueSurname,
  viewLink,
} from '../support/orders';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

/** Opens the collapsed menu and taps a link of the Orders group (opening the group when it is shut). */
async function tapOrdersLink(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }),
  ).toBeVisible();
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  // The group remembers whether it was open; its button does not say so (no aria-expanded).
  if (!(await link.isVisible())) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).tap();
  }
  await link.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

test('a partner accepts an order from the phone; nothing scrolls sideways', async ({ page, browser }) => {
  const lastName = uniqueSurname('Phone');
  const { order, line } = await shopOrderFor(browser, {
    partnerName: CONSTANTIA,
    lastName,
    deliveryDate: todayInJohannesburg(),
  });
  await signIn(page, FLORIST2);
  await expectNoSidewaysScroll(page);

  // The collapsed menu leads to the new orders and closes behind us.
  await expect(page.getByRole('link', { name: 'New orders (unaccepted)' })).toBeHidden();
  await tapOrdersLink(page, 'New orders (unaccepted)');
  await expect(page).toHaveURL(/\/orders\/open$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New orders (unaccepted)' })).toBeVisible();
  await searchOrders(page, lastName);
  await expect(viewLink(page, order.name)).toBeVisible();
  await expectNoSidewaysScroll(page);

  await viewLink(page, order.name).tap();
  await expectOrderPage(page, order.name);
  await expect(section(page, 'Items').getByRole('heading', { name: line.title })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const next = section(page, 'What to do next');
  await next.getByRole('button', { name: 'Accept order' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Accept order?' });
  await expect(dialog.getByText('You feel confident that you can fulfill the order.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Confirm' }).tap();
  await expect(dialog).toBeHidden();
  await expect(orderStatus(page)).toHaveText('accepted');
  await expect(next.getByRole('button', { name: 'Fulfill order' })).toBeVisible();
  await expect(
    next.getByText('If there is any issue fulfilling the order, please contact us.'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The menu still works from the order page: back to the In progress list, where the order now is.
  await tapOrdersLink(page, 'In progress');
  await expect(page).toHaveURL(/\/orders\/accepted$/);
  await searchOrders(page, lastName);
  await expect(viewLink(page, order.name)).toBeVisible();
  await expectNoSidewaysScroll(page);
});
