import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { formatMoney, toCents } from '@bloomline/contract';

import { expectAccessible, signIn, STAFF } from '../support/helpers';
import {
  apiPostJson,
  blockMapTiles,
  expectNoSidewaysScroll,
  expectOrderPage,
  getOrder,
  KLOOF,
  lineCard,
  listOrders,
  section,
  shopSendsOrder,
  someVariant,
  viewLink,
} from '../support/orders';

// How orders come in (issue 34): the shop's API keys, staff's phone orders, and staff cancelling an order.

test.beforeEach(async ({ page }) => {
  await blockMapTiles(page);
});

/** A name no other journey (nor a second run on the same server) uses. */
const unique = (word: string) => `${word}${String(Date.now()).slice(-7)}`;

test('staff make an API key, see it once, and revoke it: the shop is refused at once', async ({ page }) => {
  await signIn(page, STAFF);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'System' }).click();
  await page.getByRole('menuitem', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/system\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  const name = unique('Florist shop ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // Issue 46: a key belongs to a shop (its name when left blank) and may be a partner's till key (none here).
  await expect(dialog.getByRole('textbox', { name: 'Shop' })).toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: /^For partner/ })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  dialog = page.getByRole('dialog', { name: `API key "${name}"` });
  await expect(dialog.getByText('it is shown only this once and cannot be shown again')).toBeVisible();
  const key = (await dialog.getByLabel('The new API key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^blk_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/api-key-shown-once.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Live');
  await expect(row.getByRole('cell', { name, exact: true })).toHaveCount(2);
  // The shop uses it: an order with nothing in it is refused for what it lacks, not for the key.
  const door = (k: string) =>
    page.request.post('/api/intake/orders', { headers: { Authorization: `Bearer ${k}` }, data: {} });
  expect((await door(key)).status()).toBe(422);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(confirm).toContainText(`Revoke the key "${name}"?`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).not.toContainText('Live');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await door(key)).status()).toBe(401);
  await expectAccessible(page);
});

/** Fills the phone order's form: a new customer, the recipient in Sea Point, one product. */
async function enterPhoneOrder(page: Page, lastName: string, quantity: number) {
  const variant = await someVariant(page);
  const customer = page.getByRole('region', { name: 'Customer' });
  await customer.getByRole('textbox', { name: 'Name', exact: true }).fill('Mpho Phone');
  await customer.getByRole('textbox', { name: 'E-mail' }).fill('mpho.phone@example.com');

  const recipient = page.getByRole('region', { name: 'Recipient' });
  await recipient.getByRole('textbox', { name: 'First name' }).fill('Zodwa');
  await recipient.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await recipient.getByRole('textbox', { name: 'Phone' }).fill('+27 82 555 0177');
  await recipient.getByRole('textbox', { name: 'Suburb or city' }).fill('Sea Point');
  await page
    .getByRole('option', { name: /^Sea Point/ })
    .first()
    .click();
  await expect(recipient.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Cape Town');
  await expect(recipient.getByText(/^Pin at -33\./)).toBeVisible();
  await recipient.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Beach Road');

  const delivery = page.getByRole('region', { name: 'Delivery' });
  const fee = delivery.getByRole('textbox', { name: 'Delivery fee' });
  await fee.fill('85');
  await fee.blur();
  await expect(fee).toHaveValue('R 85,00');

  const items = page.getByRole('region', { name: 'Items' });
  await items.getByRole('textbox', { name: 'Product' }).fill(variant.title.slice(0, 8));
  await page
    .getByRole('option', { name: new RegExp(`^${variant.title}`) })
    .first()
    .click();
  await expect(items.getByRole('textbox', { name: 'Value each' })).toHaveValue(formatMoney(variant.price));
  await items.getByRole('textbox', { name: 'Quantity' }).fill(String(quantity));
  await items.getByRole('textbox', { name: 'Gift message' }).fill('Thinking of you.');
  return variant;
}

for (const width of [1280, 375]) {
  test(`staff take a phone order and find it in the unassigned list (${String(width)} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await signIn(page, STAFF);
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page).toHaveURL(/\/orders\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

    // Every rule is refused under its field before anything is sent.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/orders')) posted += 1;
    });
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Choose a product.')).toBeVisible();
    expect(posted).toBe(0);

    const lastName = unique('Phone');
    const variant = await enterPhoneOrder(page, lastName, 2);
    // The totals follow, by the contract's money function: 2 × the price, plus R 85,00.
    const total = (toCents(variant.price) * 2 + 8500) / 100;
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(formatMoney(total));
    await expectAccessible(page);
    if (width === 375) await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/phone-order-${String(width)}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page).toHaveURL(/\/order\/\d+$/);
    await expect(page.getByText('Saved.')).toBeVisible();
    const id = Number(/\/order\/(\d+)$/.exec(page.url())![1]);
    const order = await getOrder(page, id);
    await expectOrderPage(page, order.name);
    await expect(lineCard(page, variant.title)).toBeVisible();

    // In the unassigned list, found by the recipient's name.
    await page.goto(`/orders/unassigned?q=${lastName}`);
    await expect(viewLink(page, order.name)).toBeVisible();
  });
}

test('staff cancel an order: open items at once, an accepted one asks its florist (375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, STAFF);
  const lastName = unique('Cancel');
  const order = await shopSendsOrder(page, { recipient: { firstName: 'Lindiwe', lastName }, lines: 2 });
  // One line goes to the demo florist, who accepts it (staff on their behalf); the other stays unassigned.
  const { data: partners } = (await (
    await page.request.get(`/api/partners?q=${encodeURIComponent(KLOOF)}`)
  ).json()) as { data: { id: number; name: string }[] };
  const kloof = partners.find((p) => p.name === KLOOF)!;
  const [taken, open] = order.lines;
  expect(
    (await apiPostJson(page, `/api/reassign-order-line/${String(taken!.id)}`, { partner_id: kloof.id }))
      .status,
  ).toBe(200);
  expect((await apiPostJson(page, '/api/accept-order-line', { id: taken!.id })).status).toBe(200);

  await page.goto(`/order/${String(order.id)}`);
  await expectOrderPage(page, order.name);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.name}?` });
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(
    `${KLOOF} has accepted it: they are asked to confirm the cancellation.`,
  );
  await expect(items.nth(1)).toContainText('cancelled at once.');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();

  const after = await getOrder(page, order.id);
  expect(after.lines.find((l) => l.id === taken!.id)!.status).toBe('cancel-requested');
  expect(after.lines.find((l) => l.id === open!.id)!.status).toBe('cancel-confirmed');
  await expect(section(page, 'History')).toContainText('cancelled');
  // Nothing left for staff to cancel: the florist answers the request.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const { data: waiting } = await listOrders(page, { filter: 'cancel-requested', q: lastName });
  expect(waiting.map((o) => o.id)).toContain(order.id);
});
