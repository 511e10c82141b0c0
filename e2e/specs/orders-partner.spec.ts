import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { FLORIST, signIn } from '../support/helpers';
import {
  expectOrderPage,
  KLOOF,
  lineCard,
  orderStatus,
  searchOrders,
  section,
  shopOrderFor,
  todayInJohannesburg,
  uniqueSurname,
  viewLink,
} from '../support/orders';

const FULFIL_HELP = 'If there is any issue fulfilling the order, please contact us.';
const DELIVER_HELP = 'If there is any issue delivering the order, please contact us.';
const THANK_YOU = 'Thank you! This order has been delivered.';

/** Opens the partner's 'New orders (unaccepted)' list from the menu, finds the order by its recipient, opens it. */
async function openFromNewOrders(page: Page, orderName: string, lastName: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click();
  await page.getByRole('menuitem', { name: 'New orders (unaccepted)' }).click();
  await expect(page).toHaveURL(/\/orders\/open$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New orders (unaccepted)' })).toBeVisible();
  await searchOrders(page, lastName);
  await viewLink(page, orderName).click();
  await expectOrderPage(page, orderName);
}

/** Clicks a workflow button, checks the question it asks, and confirms. */
async function confirmAction(page: Page, label: string, question: string) {
  const next = section(page, 'What to do next');
  await next.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${label}?` });
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('a partner works an order through', () => {
  test('accepts, fulfils and delivers an order from New orders (unaccepted)', async ({ page, browser }) => {
    const lastName = uniqueSurname('Partner');
    const { order, line } = await shopOrderFor(browser, {
      partnerName: KLOOF,
      lastName,
      deliveryDate: todayInJohannesburg(),
    });
    await signIn(page, FLORIST);
    await openFromNewOrders(page, order.name, lastName);

    const next = section(page, 'What to do next');
    await expect(orderStatus(page)).toHaveText('open');
    await expect(next.getByRole('button', { name: 'Reject order' })).toBeVisible();
    // A partner has no line actions and no Partner row.
    await expect(lineCard(page, line.title).getByRole('button')).toHaveCount(0);
    await expect(lineCard(page, line.title).getByText('Partner', { exact: true })).toHaveCount(0);

    await confirmAction(page, 'Accept order', 'You feel confident that you can fulfill the order.');
    await expect(orderStatus(page)).toHaveText('accepted');
    await expect(lineCard(page, line.title).locator('[data-status]')).toHaveText('accepted');
    await expect(next.getByText(FULFIL_HELP)).toBeVisible();
    await expect(next.getByRole('button', { name: 'Un-Accept order' })).toBeVisible();
    await expect(section(page, 'History').getByText(`${KLOOF} accepted ${line.title}`)).toBeVisible();

    await confirmAction(page, 'Fulfill order', 'The order is made and ready to go out for delivery.');
    await expect(orderStatus(page)).toHaveText('fulfilled');
    await expect(next.getByText(DELIVER_HELP)).toBeVisible();
    await expect(next.getByText(FULFIL_HELP)).toBeHidden();

    await confirmAction(page, 'Deliver order', 'The order is delivered. well done.');
    await expect(orderStatus(page)).toHaveText('delivered');
    await expect(next.getByText(THANK_YOU)).toBeVisible();
    await expect(next.getByRole('button')).toHaveCount(0);
    await expect(section(page, 'History').getByText(`${KLOOF} delivered ${line.title}`)).toBeVisible();

    // Still delivered, with the thanks, after a reload; and in the Delivered list.
    await page.reload();
    await expect(orderStatus(page)).toHaveText('delivered');
    await expect(section(page, 'What to do next').getByText(THANK_YOU)).toBeVisible();
    await page.goto('/orders/delivered');
    await searchOrders(page, lastName);
    await expect(viewLink(page, order.name)).toBeVisible();
  });

  test('un-accepting an order takes it off the partner’s lists', async ({ page, browser }) => {
    const lastName = uniqueSurname('Partner');
    const { order } = await shopOrderFor(browser, {
      partnerName: KLOOF,
      lastName,
      deliveryDate: todayInJohannesburg(),
    });
    await signIn(page, FLORIST);
    await openFromNewOrders(page, order.name, lastName);

    await confirmAction(page, 'Accept order', 'You feel confident that you can fulfill the order.');
    await expect(orderStatus(page)).toHaveText('accepted');

    await confirmAction(
      page,
      'Un-Accept order',
      'Un-accepting the order will remove it from your Order list',
    );
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The order is no longer theirs: not in their lists, and the API answers 404.
    const response = await page.request.get(`/api/orders/${order.id}`);
    expect(response.status()).toBe(404);
    await page.goto(`/orders/accepted?q=${encodeURIComponent(order.name)}`);
    await expect(page.getByText('No orders to display')).toBeVisible();
    await page.goto(`/orders/open?q=${encodeURIComponent(order.name)}`);
    await expect(page.getByText('No orders to display')).toBeVisible();
    await page.goto(`/order/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  });
});
