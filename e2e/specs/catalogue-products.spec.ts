import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { expectAccessible, FLORIST, signIn, STAFF } from '../support/helpers';
import { apiGet, blockMapTiles, expectNoSidewaysScroll } from '../support/orders';

/** A name no other run or worker uses. */
const unique = (word: string) => `${word} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Rand as the screens write it: 'R 1 234,56'. */
function rand(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split('.');
  return `R ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents!}`;
}

/** A JSON call as the signed-in user of `page`, with the CSRF header the web client sends. */
async function apiSend<T>(page: Page, method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
    },
    data: body,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

type Recipe = { component_rate: { component: { name: string }; profitCentre: { name: string } } }[];
type Variant = { id: number; title: string; price: number; component_rates: Recipe };
type Product = { id: number; title: string; variants: Variant[] };
type ListItem = { id: number; title: string };

const variantPrice = async (page: Page, productId: number, variantId: number) =>
  (await apiGet<{ data: Product }>(page, `/api/products/${productId}`)).data.variants.find(
    (v) => v.id === variantId,
  )!.price;

/** An order (any status) with a line of a demo variant: the order, the line's title and its variant. */
async function orderWithVariant(page: Page) {
  const orders = await apiGet<{
    data: { id: number; lines: { title: string; productVariantId: number | null }[] }[];
  }>(page, '/api/orders', { per_page: 100, s: 'created_at', d: 'desc' });
  for (const order of orders.data) {
    const line = order.lines.find((l) => l.productVariantId !== null);
    if (line) return { orderId: order.id, lineTitle: line.title, variantId: line.productVariantId! };
  }
  throw new Error('No demo order has a line of a product variant.');
}

test.describe('staff keep the products and their variants’ recipes', () => {
  test('find products by search, sort and page, and the back button restores them', async ({ page }) => {
    await signIn(page, STAFF);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Manage products' })
      .click();
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    for (const name of ['Title', 'Type', 'Status', 'Variants', 'Created'])
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    const firstVariants = page.getByRole('link', { name: /^Variants of / }).first();
    await expect(firstVariants).toBeVisible();
    await expectAccessible(page);

    // Newest first, page 1; then page 2 in the address.
    const newest = await apiGet<{ data: ListItem[] }>(page, '/api/products', { page: 2 });
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(firstVariants).toHaveAttribute('aria-label', `Variants of ${newest.data[0]!.title}`);

    // A new sort starts again at page 1.
    const sortBox = page.getByRole('textbox', { name: 'Sort by' });
    await sortBox.click();
    await page.getByRole('option', { name: 'Title A to Z' }).click();
    await expect(page).toHaveURL(/\/products\?s=title&d=asc$/);
    const byTitle = await apiGet<{ data: ListItem[] }>(page, '/api/products', { s: 'title', d: 'asc' });
    await expect(firstVariants).toHaveAttribute('aria-label', `Variants of ${byTitle.data[0]!.title}`);

    const search = page.getByRole('textbox', { name: 'Search products' });
    await search.fill('rose');
    await expect(page).toHaveURL(/\/products\?s=title&d=asc&q=rose$/);
    const roses = await apiGet<{ data: ListItem[] }>(page, '/api/products', {
      q: 'rose',
      s: 'title',
      d: 'asc',
    });
    expect(roses.data.length).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: /^Variants of / })).toHaveCount(roses.data.length);
    await expect(firstVariants).toHaveAttribute('aria-label', `Variants of ${roses.data[0]!.title}`);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\?s=title&d=asc$/);
    await expect(search).toHaveValue('');
    await expect(sortBox).toHaveValue('Title A to Z');
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(sortBox).toHaveValue('Newest first');
    await expect(firstVariants).toHaveAttribute('aria-label', `Variants of ${newest.data[0]!.title}`);

    await search.fill('zzzz-no-such-product');
    await expect(page.getByText('Nothing found.')).toBeVisible();
  });

  test('open a product’s variants, then its partners', async ({ page }) => {
    await signIn(page, STAFF);
    const roses = await apiGet<{ data: ListItem[] }>(page, '/api/products', {
      q: 'rose',
      s: 'title',
      d: 'asc',
    });
    const product = roses.data[0]!;
    await page.goto('/products?q=rose&s=title&d=asc');
    await page.getByRole('link', { name: `Variants of ${product.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/variants$`));
    await expect(page.getByRole('heading', { level: 1, name: `Variants of ${product.title}` })).toBeVisible();
    for (const name of ['Title', 'SKU', 'Price', 'Wholesale', 'Components'])
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await page.getByRole('link', { name: `Partners of ${product.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/partners$`));
    await expect(page.getByRole('heading', { level: 1, name: `Partners of ${product.title}` })).toBeVisible();
    const partners = await apiGet<{ data: { name: string }[] }>(page, `/api/products/${product.id}/partners`);
    if (partners.data.length > 0)
      await expect(page.getByRole('cell', { name: partners.data[0]!.name, exact: true })).toBeVisible();
    for (const name of ['Name', 'Type', 'City', 'Enabled'])
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'PRODUCTS' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('add a component to a variant, change its quantity and delete it: the price follows, the order’s guidelines too', async ({
    page,
  }) => {
    // Three screens, five axe checks and a dozen calls: more than the default minute on a busy machine.
    test.slow();
    await signIn(page, STAFF);
    await blockMapTiles(page);
    // A component of this run's own, priced in a profit centre of its own, so no other test meets it.
    const centreName = unique('E2E centre');
    const centre = (
      await apiSend<{ data: { id: number } }>(page, 'POST', '/api/profit-centres', {
        name: centreName,
        default_markup: 0.5,
        rebate: 0,
        default_auto_update: false,
      })
    ).data;
    const componentName = unique('E2E fern');
    const component = (
      await apiSend<{ data: { id: number } }>(page, 'POST', '/api/components', {
        name: componentName,
        wholesale_excl_vat: 12.5,
      })
    ).data;
    await apiSend(page, 'POST', `/api/components/${component.id}/rates`, {
      profit_centre_id: centre.id,
      auto_update: false,
      markup: 0.5,
    });
    const { orderId, lineTitle, variantId } = await orderWithVariant(page);
    const variant = (
      await apiGet<{ data: { title: string; product: { id: number; title: string } } }>(
        page,
        `/api/product-variants/${variantId}`,
      )
    ).data;
    const productId = variant.product.id;
    const otherCentre = (await apiGet<{ data: { name: string }[] }>(page, '/api/profit-centres')).data.find(
      (c) => c.name !== centreName,
    )!.name;

    await page.goto(`/products?q=${encodeURIComponent(variant.product.title)}`);
    await page.getByRole('link', { name: `Variants of ${variant.product.title}` }).click();
    await page.getByRole('link', { name: variant.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}/variants/${variantId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `${variant.product.title}: ${variant.title}` }),
    ).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText(`PRODUCTS`);
    await expect(crumbs.getByRole('link', { name: 'VARIANTS' })).toHaveAttribute(
      'href',
      `/products/${productId}/variants`,
    );
    const price = page.getByTestId('variant-price');
    const before = await variantPrice(page, productId, variantId);
    await expect(price).toHaveText(rand(before));
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Add a component' });
    const pickComponent = async () => {
      await form.getByRole('textbox', { name: 'Component' }).fill(componentName);
      await page.getByRole('option', { name: componentName, exact: true }).click();
    };
    const pickCentre = async (name: string) => {
      await form.getByRole('textbox', { name: 'Profit centre' }).click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    // All three are required.
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(form.getByText('Choose a component.')).toBeVisible();
    // The component has no rate in that centre: the server's 422 under the field.
    await pickComponent();
    await pickCentre(otherCentre);
    await form.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(form.getByText('The component has no rate in this profit centre.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Profit centre' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);

    await pickCentre(centreName);
    await form.getByRole('button', { name: 'Add' }).click();
    const quantity = page.getByRole('textbox', { name: `Quantity of ${componentName} (${centreName})` });
    await expect(quantity).toHaveValue('2');
    await expect(form.getByRole('textbox', { name: 'Component' })).toHaveValue('');
    const added = await variantPrice(page, productId, variantId);
    expect(added).toBeGreaterThan(before);
    await expect(price).toHaveText(rand(added));

    // The quantity changes in place, saved on Enter; a 0 is refused under the box.
    await quantity.fill('0');
    await quantity.press('Enter');
    await expect(page.getByText('Quantity must be more than 0.')).toBeVisible();
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.getByText('Quantity must be more than 0.')).toBeHidden();
    await expect.poll(() => variantPrice(page, productId, variantId)).toBeGreaterThan(added);
    const changed = await variantPrice(page, productId, variantId);
    await expect(price).toHaveText(rand(changed));
    await expectAccessible(page);

    // The order of that variant shows the new guideline at once.
    await page.goto(`/order/${orderId}`);
    const line = page.getByRole('article', { name: lineTitle }).first();
    await expect(line.getByText(`3 x ${componentName} (Mixed)`, { exact: true })).toBeVisible();
    await page.goBack();

    await page.getByRole('button', { name: `Delete ${componentName} (${centreName})` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Confirm that you want to delete the record');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(quantity).toHaveCount(0);
    const after = await variantPrice(page, productId, variantId);
    await expect(price).toHaveText(rand(after));
    expect(after).toBeLessThan(changed);
  });

  test('at 375 px the products screens fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STAFF);
    await page.goto('/products');
    const firstVariants = page.getByRole('link', { name: /^Variants of / }).first();
    await expect(firstVariants).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await firstVariants.click();
    // A phone shows the variants as cards, each with its link to the recipe.
    const variantLink = page
      .getByRole('list', { name: /^Variants of / })
      .getByRole('link')
      .first();
    await expect(variantLink).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await variantLink.click();
    await expect(page.getByRole('form', { name: 'Add a component' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Quantity of / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'PRODUCTS' }).click();
    await page
      .getByRole('link', { name: /^Partners of / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Partners of / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test('a partner has no Products entry and is turned away from the screen and the API', async ({ page }) => {
  await signIn(page, FLORIST);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Manage products' })).toHaveCount(0);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/products')).status);
  expect(status).toBe(403);
});
