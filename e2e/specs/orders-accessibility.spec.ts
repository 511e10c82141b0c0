import { expect, test } from '@playwright/test';

import { expectAccessible, FLORIST2, signIn, STAFF } from '../support/helpers';
import { blockMapTiles, CONSTANTIA, demoOrder, expectOrderPage, lineCard, section } from '../support/orders';

// Read only: Constantia Blooms' open order for today with the highest id is this file's to look at.
const theOrder = (page: Parameters<typeof demoOrder>[0]) =>
  demoOrder(page, { partnerName: CONSTANTIA, status: 'open', when: 'today', pick: 'highest' });

test('staff order screens and the Reject and Assign dialogs have no axe violations', async ({ page }) => {
  // Seven full axe scans in one journey: give it three times the usual budget on a loaded machine.
  test.slow();
  await blockMapTiles(page);
  await signIn(page, STAFF);
  await expect(page.getByRole('list', { name: 'All orders' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click();
  await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Open' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click();
  await page.getByRole('menuitem', { name: 'For delivery today' }).click();
  await expect(page.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Unaccepted' }).click();
  await expect(page.getByRole('list', { name: 'Unaccepted orders' })).toBeVisible();
  await expectAccessible(page);

  const { order, line } = await theOrder(page);
  await page.goto(`/order/${order.id}`);
  await expectOrderPage(page, order.name);
  await expect(section(page, 'History').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of the delivery point' })).toBeVisible();
  await expectAccessible(page);

  const card = lineCard(page, line.title);
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Reject item' });
  await expect(dialog.getByRole('radio', { name: 'Other' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Other reason' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Reassign' }).click();
  dialog = page.getByRole('dialog', { name: 'Assign partner' });
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  await dialog.getByRole('radio').first().click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('partner dashboard and order page have no axe violations', async ({ page }) => {
  test.slow();
  await signIn(page, FLORIST2);
  await expect(page.getByRole('list', { name: 'All orders' })).toBeVisible();
  await expectAccessible(page);

  const { order } = await theOrder(page);
  await page.goto(`/order/${order.id}`);
  await expectOrderPage(page, order.name);
  await expect(section(page, 'What to do next').getByRole('button', { name: 'Accept order' })).toBeVisible();
  await expect(section(page, 'On payment').locator('dl')).toBeVisible();
  await expectAccessible(page);

  await section(page, 'What to do next').getByRole('button', { name: 'Reject order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject order' });
  await expect(dialog.getByRole('radio', { name: 'Other' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
