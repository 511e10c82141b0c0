import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Product, ProfitCentre } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { aComponent } from '@/test/records';
import { renderApp } from '@/test/render';

import { bouquet } from './products.test-support';
import { VariantPage } from './variant-page';

afterEach(() => vi.restoreAllMocks());

const component = (id: number, name: string) => aComponent({ id, name, wholesale_excl_vat: 8.33 });
const centres: ProfitCentre[] = [
  { id: 2, name: 'Retail', default_markup: 0.85, default_auto_update: true, rebate: 0, ratesCount: 3 },
  { id: 3, name: 'Corporate', default_markup: 0.5, default_auto_update: false, rebate: 0.1, ratesCount: 2 },
];

type Reply = { status?: number; body?: unknown } | undefined;

/** The API as the variant screen sees it; `product` is what GET /api/products/7 answers now. */
function api(state: { product: Product }, writes?: (url: URL, init: RequestInit) => Reply) {
  return stubApi((url, init) => {
    const reply = writes?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/products/7') return { body: { data: state.product } };
    if (url.pathname === '/api/profit-centres') return { body: { data: centres } };
    if (url.pathname === '/api/components') {
      const q = url.searchParams.get('q') ?? '';
      const all = [component(5, 'Red rose'), component(8, 'Gypsophila')];
      return { body: pageOf(all.filter((c) => c.name.toLowerCase().includes(q.toLowerCase()))) };
    }
    return undefined;
  });
}

const open = () =>
  renderApp(<VariantPage />, {
    history: ['/products/7/variants/21'],
    path: '/products/:productId/variants/:variantId',
  });

/** The product after a change: the Large variant with another price and recipe. */
const withLarge = (price: number, rates: Product['variants'][number]['component_rates']): Product => ({
  ...bouquet,
  variants: bouquet.variants.map((v) => (v.id === 21 ? { ...v, price, component_rates: rates } : v)),
});

describe('/products/{productId}/variants/{variantId}', () => {
  it('shows the breadcrumbs, the price and wholesale, and the recipe with line totals', async () => {
    api({ product: bouquet });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Red rose bouquet: Large' })).toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'PRODUCTS' })).toHaveAttribute('href', '/products');
    expect(within(crumbs).getByRole('link', { name: 'VARIANTS' })).toHaveAttribute(
      'href',
      '/products/7/variants',
    );
    expect(within(crumbs).getByText('Large')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/audit?pT=product+variant&pI=21',
    );
    expect(screen.getByTestId('variant-price')).toHaveTextContent('R 416,92');
    expect(screen.getByTestId('variant-wholesale')).toHaveTextContent('R 195,99');
    const rose = screen.getByRole('textbox', { name: 'Quantity of Red rose (Retail)' });
    expect(rose).toHaveValue('12');
    const header = within(rose.closest('table')!).getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toEqual([
      'Component',
      'Profit centre',
      'Quantity',
      'Markup',
      'Auto update',
      'Rate price',
      'Total',
      'Actions',
    ]);
    const cells = within(rose.closest('tr')!).getAllByRole('cell');
    // 12 × R 26,44; the rate follows its centre's default markup.
    expect(cells.map((c) => c.textContent).slice(3, 7)).toEqual(['85 %', 'Yes', 'R 26,44', 'R 317,28']);
    const vase = screen.getByRole('textbox', { name: 'Quantity of Glass vase (Retail)' });
    const vaseCells = within(vase.closest('tr')!).getAllByRole('cell');
    expect(vaseCells.map((c) => c.textContent).slice(3, 5)).toEqual(['12,5 %', 'No']);
    expect(screen.getByRole('button', { name: 'Delete Glass vase (Retail)' })).toBeInTheDocument();
  });

  it('saves a new quantity on Enter, shows a 422 under the box, and shows the new price after', async () => {
    const state = { product: bouquet };
    const spy = api(state, (url, init) => {
      if (init.method !== 'PUT') return undefined;
      const { quantity } = bodyOf(init) as { quantity: number };
      if (quantity === 0) return invalid({ quantity: ['Quantity must be more than 0.'] });
      state.product = withLarge(390.48, [
        { ...bouquet.variants[0]!.component_rates[0]!, quantity: 11 },
        bouquet.variants[0]!.component_rates[1]!,
      ]);
      return { body: { data: state.product.variants[0]!.component_rates[0] } };
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Quantity of Red rose (Retail)' });
    await userEvent.clear(box);
    await userEvent.type(box, '0{Enter}');
    expect(await screen.findByText('Quantity must be more than 0.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('variant-price')).toHaveTextContent('R 416,92');

    await userEvent.clear(box);
    await userEvent.type(box, '11{Enter}');
    await waitFor(() => expect(screen.getByTestId('variant-price')).toHaveTextContent('R 390,48'));
    expect(box).toHaveAttribute('aria-invalid', 'false');
    const puts = spy.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([
      'PUT /api/product-variants/21/component-rates/301',
      'PUT /api/product-variants/21/component-rates/301',
    ]);
    expect(bodyOf(puts[1]![1])).toEqual({ quantity: 11 });

    // Leaving the box unchanged sends nothing.
    await userEvent.click(box);
    await userEvent.tab();
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toHaveLength(2);
  });

  it('saves when the box is left, too', async () => {
    const spy = api({ product: bouquet }, (_url, init) =>
      init.method === 'PUT' ? { body: { data: bouquet.variants[0]!.component_rates[1] } } : undefined,
    );
    open();
    const box = await screen.findByRole('textbox', { name: 'Quantity of Glass vase (Retail)' });
    await userEvent.clear(box);
    await userEvent.type(box, '2.5');
    await userEvent.tab();
    await waitFor(() => expect(callsOf(spy)).toContain('PUT /api/product-variants/21/component-rates/302'));
  });

  it('deletes a line after the confirm question', async () => {
    const state = { product: bouquet };
    const spy = api(state, (_url, init) => {
      if (init.method !== 'DELETE') return undefined;
      state.product = withLarge(317.28, [bouquet.variants[0]!.component_rates[0]!]);
      return { status: 204 };
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Glass vase (Retail)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm that you want to delete the record');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('variant-price')).toHaveTextContent('R 317,28'));
    expect(screen.queryByRole('button', { name: 'Delete Glass vase (Retail)' })).not.toBeInTheDocument();
    expect(callsOf(spy)).toContain('DELETE /api/product-variants/21/component-rates/302');
  });

  it('adds a component: all three fields required, a 422 under its field, then the price follows', async () => {
    const state = { product: bouquet };
    let refuse = true;
    const spy = api(state, (url, init) => {
      if (init.method !== 'POST') return undefined;
      if (refuse) return invalid({ profit_centre_id: ['The component has no rate in this profit centre.'] });
      state.product = withLarge(437.74, [
        ...bouquet.variants[0]!.component_rates,
        {
          id: 303,
          quantity: 2.5,
          component_rate: {
            id: 44,
            component: { id: 8, name: 'Gypsophila' },
            profitCentre: { id: 2, name: 'Retail' },
            price: 8.33,
            markup: 0.85,
            auto_update: true,
          },
        },
      ]);
      return { status: 201, body: { data: state.product.variants[0]!.component_rates[2] } };
    });
    open();
    const form = await screen.findByRole('form', { name: 'Add a component' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Choose a component.')).toBeInTheDocument();
    expect(within(form).getByText('Choose a profit centre.')).toBeInTheDocument();
    expect(within(form).getByText('Quantity is required.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: 'Component' }), 'gyps');
    // Searched on the server, 500 ms after typing stops.
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/components?q=gyps&per_page=50'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Red rose' })).not.toBeInTheDocument());
    await userEvent.click(await screen.findByRole('option', { name: 'Gypsophila' }));
    await userEvent.click(within(form).getByRole('textbox', { name: 'Profit centre' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Corporate' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Quantity' }), '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('The component has no rate in this profit centre.'),
    ).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post![1])).toEqual({ component_id: '8', profit_centre_id: '3', quantity: 2.5 });

    refuse = false;
    await userEvent.click(within(form).getByRole('textbox', { name: 'Profit centre' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Retail' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('variant-price')).toHaveTextContent('R 437,74'));
    expect(screen.getByRole('textbox', { name: 'Quantity of Gypsophila (Retail)' })).toHaveValue('2.5');
    // The form is empty again for the next one.
    expect(within(form).getByRole('textbox', { name: 'Component' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Quantity' })).toHaveValue('');
  });

  it('says so for a variant the product does not have', async () => {
    api({ product: bouquet });
    renderApp(<VariantPage />, {
      history: ['/products/7/variants/99'],
      path: '/products/:productId/variants/:variantId',
    });
    expect(await screen.findByText(/This product has no such variant/)).toBeInTheDocument();
  });
});
