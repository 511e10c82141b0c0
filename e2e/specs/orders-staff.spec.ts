import { expect, test } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { FLORIST2, lastMailTo, signIn, STAFF } from '../support/helpers';
import {
  addDays,
  apiGet,
  apiPost,
  blockMapTiles,
  CONSTANTIA,
  demoOrder,
  expectOrderPage,
  fact,
  formatDay,
  getOrder,
  KLOOF,
  lineCard,
  listOrders,
  orderStatus,
  pickerDayLabel,
  searchOrders,
  section,
  shopOrderFor,
  uniqueSurname,
  viewLink,
} from '../support/orders';

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

test('staff reject a partner’s line with a reason, assign it to another partner, who sees it', async ({
  page,
  browser,
}) => {
  test.slow(); // a long journey with two sign-ins
  const lastName = uniqueSurname('Reassign');
  const { order, line } = await shopOrderFor(browser, { partnerName: KLOOF, lastName });
  await signIn(page, STAFF);
  const [reason] = await apiGet<string[]>(page, '/api/order-line-reject-reasons');
  expect(reason).toBeTruthy();

  await page.goto(`/order/${order.id}`);
  await expectOrderPage(page, order.name);
  const card = lineCard(page, line.title);
  await expect(fact(card, 'Partner')).toHaveText(KLOOF);
  await expect(card.locator('[data-status]')).toHaveText('open');

  // Reject on the partner's behalf, with one of the listed reasons.
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Reject item' });
  await expect(dialog.getByText('Tell us why the partner cannot take this item.')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: reason!, exact: true }).check();
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status]')).toHaveText('rejected');
  const history = section(page, 'History');
  await expect(history.getByText(`Reason: ${reason!}`)).toBeVisible();
  await expect(history.getByText(`rejected ${line.title}`).first()).toBeVisible();

  // Assign the rejected line to another partner.
  await expect(card.getByRole('button', { name: 'Confirm cancellation' })).toBeVisible();
  await card.getByRole('button', { name: 'Reassign' }).click();
  dialog = page.getByRole('dialog', { name: 'Assign partner' });
  await expect(dialog.getByText('Partners who deliver to this address, nearest first.')).toBeVisible();
  // Local partners by default, each with the distance in km to two decimals.
  const kloof = dialog.getByRole('radio', { name: new RegExp(KLOOF) });
  await expect(kloof).toBeVisible();
  await expect(kloof).toContainText(/(\d+\.\d{2} km|—)/);
  const localCount = await dialog.getByRole('radio').count();
  await dialog.getByRole('switch', { name: 'Show all partners' }).check();
  await expect(dialog.getByText('Every partner, nearest first.')).toBeVisible();
  await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(localCount);
  await dialog.getByRole('textbox', { name: 'Search partners' }).fill('nobody-is-called-this');
  await expect(dialog.getByText('Nothing found.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Search partners' }).fill('Constantia');
  const constantia = dialog.getByRole('radio', { name: new RegExp(CONSTANTIA) });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(constantia).toContainText(/\d+\.\d{2} km/);
  const assign = dialog.getByRole('button', { name: 'Assign' });
  await expect(assign).toBeDisabled();
  await constantia.click();
  await expect(constantia).toHaveAttribute('aria-checked', 'true');
  await assign.click();
  await expect(dialog).toBeHidden();

  await expect(fact(card, 'Partner')).toHaveText(CONSTANTIA);
  await expect(card.locator('[data-status]')).toHaveText('open');
  await expect(history.getByText(`assigned ${line.title} to ${CONSTANTIA}`)).toBeVisible();
  // The new partner is told by e-mail.
  await expect
    .poll(() => lastMailTo(FLORIST2, E2E_DATA_DIR)?.subject)
    .toBe(`New order ${order.name} for ${CONSTANTIA}`);

  // The new partner, signed in elsewhere, finds the order among their new orders and may accept it.
  const context = await browser.newContext();
  try {
    const partner = await context.newPage();
    await signIn(partner, FLORIST2);
    await partner.goto('/orders/open');
    await searchOrders(partner, lastName);
    await viewLink(partner, order.name).click();
    await expectOrderPage(partner, order.name);
    await expect(orderStatus(partner)).toHaveText('open');
    await expect(
      section(partner, 'What to do next').getByRole('button', { name: 'Accept order' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }

  // Staff reject it once more, this time for a reason of their own.
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Reject item' });
  await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
  const own = `Vase broken in the e2e test ${String(order.id)}`;
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Other reason' }).fill(own);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status]')).toHaveText('rejected');
  await expect(history.getByText(`Reason: ${own}`)).toBeVisible();
});

test('staff set a delivery date with the Create / Update delivery date dialog', async ({ page }) => {
  await signIn(page, STAFF);
  // A delivered order keeps its delivery date (issue 46): no button, and the reason instead.
  const delivered = (await listOrders(page, { filter: 'delivered', s: 'created_at', d: 'asc', per_page: 1 }))
    .data[0]!;
  await page.goto(`/order/${delivered.id}`);
  await expectOrderPage(page, delivered.name);
  await expect(section(page, 'Order').getByText('Delivered orders keep their delivery date.')).toBeVisible();
  await expect(section(page, 'Order').getByRole('button', { name: /delivery date/ })).toHaveCount(0);

  // The oldest order on hold: no other journey touches it.
  const { data } = await listOrders(page, { filter: 'hold', s: 'created_at', d: 'asc', per_page: 1 });
  const order = data[0]!;
  expect(order.deliveryDate).toBeTruthy();
  const from = order.deliveryDate!;
  // Another day of the same month, so the picker need not turn the page.
  const to = addDays(from, Number(from.slice(8)) > 20 ? -3 : 3);

  await page.goto(`/order/${order.id}`);
  await expectOrderPage(page, order.name);
  const summary = section(page, 'Order');
  await expect(fact(summary, 'Delivery date')).toHaveText(formatDay(from));
  await summary.getByRole('button', { name: 'Update delivery date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create / Update delivery date' });
  const field = dialog.getByRole('button', { name: 'Delivery date' });
  await expect(field).toHaveText(formatDay(from));
  await field.click();
  await page.getByRole('button', { name: pickerDayLabel(to), exact: true }).click();
  await expect(field).toHaveText(formatDay(to));
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();

  await expect(fact(summary, 'Delivery date')).toHaveText(formatDay(to));
  await expect(
    section(page, 'History').getByText(`moved the delivery date from ${from} to ${to}`),
  ).toBeVisible();
  expect((await getOrder(page, order.id)).deliveryDate).toBe(to);
});

test('a second action on a line someone already moved shows a notification, not the error screen', async ({
  page,
}) => {
  await signIn(page, STAFF);
  const { order, line } = await demoOrder(page, {
    partnerName: CONSTANTIA,
    status: 'accepted',
    when: 'later',
    pick: 'lowest',
  });
  await page.goto(`/order/${order.id}`);
  await expectOrderPage(page, order.name);
  const card = lineCard(page, line.title);
  await expect(card.locator('[data-status]')).toHaveText('accepted');
  await card.getByRole('button', { name: 'Fulfill', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Fulfill: ${line.title}` });
  await expect(dialog.getByText('The item is made and ready to go out for delivery.')).toBeVisible();

  // Meanwhile somebody else fulfils it.
  expect(await apiPost(page, '/api/fulfill-order-line', { id: line.id })).toBe(200);

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'This order has moved on' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('This item is fulfilled');
  await expect(page.getByRole('heading', { name: 'Oops, something went wrong' })).toHaveCount(0);
  await expect(dialog).toBeHidden();
  // The order was loaded again and shows where the line is now.
  await expect(card.locator('[data-status]')).toHaveText('fulfilled');
  await expect(card.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
  await expectOrderPage(page, order.name);
});
