import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ProductPartner } from '@bloomline/contract';

import { callsOf, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { NO_PICTURE_LABEL } from '../components/product-picture';
import { ProductListPage } from './product-list-page';
import { bouquet, bouquetItem } from './products.test-support';
import { ProductPartnersPage } from './product-partners-page';
import { ProductVariantsPage } from './product-variants-page';

afterEach(() => vi.restoreAllMocks());

const listUrl = (spy: ReturnType<typeof stubApi>) =>
  new URL(
    callsOf(spy)
      .filter((c) => c.startsWith('GET /api/products'))
      .at(-1)!
      .slice(4),
    'http://x',
  );

describe('/products', () => {
  it('asks with q, sort and page from the address and shows each product with its options', async () => {
    const spy = stubApi((url) =>
      url.pathname === '/api/products' ? { body: pageOf([bouquetItem], { total: 40, page: 2 }) } : undefined,
    );
    renderApp(<ProductListPage />, { history: ['/products?q=rose&s=title&d=asc&page=2'], path: '/products' });
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Red rose bouquet' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['Red rose bouquet', 'Bouquet', 'active', '2', '01 Mar 2025']);
    // Decorative: the title beside it names the product.
    expect(row.querySelector('img[alt=""]')).toHaveAttribute(
      'src',
      'http://localhost/images/products/red-rose-bouquet.png',
    );
    expect(screen.getByRole('link', { name: 'Variants of Red rose bouquet' })).toHaveAttribute(
      'href',
      '/products/7/variants',
    );
    expect(screen.getByRole('link', { name: 'Partners of Red rose bouquet' })).toHaveAttribute(
      'href',
      '/products/7/partners',
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Picture',
      'Title',
      'Type',
      'Status',
      'Variants',
      'Created',
      'Actions',
    ]);
    const call = listUrl(spy);
    expect(Object.fromEntries(call.searchParams)).toMatchObject({
      q: 'rose',
      s: 'title',
      d: 'asc',
      page: '2',
    });
    expect(screen.getByRole('textbox', { name: 'Search products' })).toHaveValue('rose');
    expect(screen.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Title A to Z');
  });

  it('starts at page 1, newest first, and puts a new sort in the address back at page 1', async () => {
    const spy = stubApi((url) =>
      url.pathname === '/api/products' ? { body: pageOf([bouquetItem], { total: 40 }) } : undefined,
    );
    renderApp(
      <>
        <ProductListPage />
        <Where />
      </>,
      { history: ['/products?page=3'], path: '/products' },
    );
    await screen.findByRole('cell', { name: 'Red rose bouquet' });
    expect(Object.fromEntries(listUrl(spy).searchParams)).toMatchObject({
      s: 'created_at',
      d: 'desc',
      page: '3',
    });
    await userEvent.click(screen.getByRole('textbox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest first' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/products?s=created_at&d=asc');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/products?s=created_at&d=asc&page=2');
  });

  it('searches 500 ms after typing stops, from page 1', async () => {
    stubApi((url) => (url.pathname === '/api/products' ? { body: pageOf([bouquetItem]) } : undefined));
    renderApp(
      <>
        <ProductListPage />
        <Where />
      </>,
      { history: ['/products?page=2'], path: '/products' },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search products' }), 'tulip');
    expect(screen.getByLabelText('Location')).toHaveTextContent('/products?page=2');
    expect(await screen.findByText('/products?q=tulip')).toBeInTheDocument();
  });

  it('says Nothing found. for an empty search and shows a failure with Retry', async () => {
    stubApi((url) => (url.pathname === '/api/products' ? { body: pageOf([]) } : undefined));
    renderApp(<ProductListPage />, { history: ['/products?q=zz'], path: '/products' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    vi.restoreAllMocks();
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<ProductListPage />, { history: ['/products?q=yy'], path: '/products' });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/products/{productId}/variants', () => {
  it('lists the variants with their prices and components, each a link to its recipe', async () => {
    stubApi((url) => (url.pathname === '/api/products/7' ? { body: { data: bouquet } } : undefined));
    renderApp(<ProductVariantsPage />, {
      history: ['/products/7/variants'],
      path: '/products/:productId/variants',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Variants of Red rose bouquet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'PRODUCTS' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit?pT=product&pI=7');
    const large = screen.getByRole('link', { name: 'Large' });
    expect(large).toHaveAttribute('href', '/products/7/variants/21');
    const cells = within(large.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Large', 'RRB-L', 'R 416,92', 'R 195,99', '2']);
    const small = within(screen.getByRole('link', { name: 'Small' }).closest('tr')!).getAllByRole('cell');
    expect(small.map((c) => c.textContent)).toEqual(['Small', '—', 'R 158,64', 'R 75,00', '0']);
  });

  it('says so when there is no such product', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Not Found' } }));
    renderApp(<ProductVariantsPage />, {
      history: ['/products/999/variants'],
      path: '/products/:productId/variants',
    });
    expect(await screen.findByText(/This product does not exist/)).toBeInTheDocument();
  });
});

describe('/products/{productId}/partners', () => {
  it('lists the linked partners with type, city and enabled', async () => {
    const partners: ProductPartner[] = [
      { id: 2, name: 'Fynbos & Co', partnerType: 'florist', city: null, enabled: false },
      { id: 1, name: 'Protea Petals', partnerType: 'courier', city: 'Cape Town', enabled: true },
    ];
    stubApi((url) => {
      if (url.pathname === '/api/products/7') return { body: { data: bouquet } };
      if (url.pathname === '/api/products/7/partners') return { body: { data: partners } };
      return undefined;
    });
    renderApp(<ProductPartnersPage />, {
      history: ['/products/7/partners'],
      path: '/products/:productId/partners',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Partners of Red rose bouquet' }),
    ).toBeVisible();
    await screen.findByRole('cell', { name: 'Protea Petals' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Fynbos & Co', 'Florist', '—', 'No'],
      ['Protea Petals', 'Courier', 'Cape Town', 'Yes'],
    ]);
  });

  it('says when no partner is linked', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/products/7') return { body: { data: bouquet } };
      if (url.pathname === '/api/products/7/partners') return { body: { data: [] } };
      return undefined;
    });
    renderApp(<ProductPartnersPage />, {
      history: ['/products/7/partners'],
      path: '/products/:productId/partners',
    });
    expect(await screen.findByText('No partner is linked to this product.')).toBeInTheDocument();
  });
});

describe('/products pictures', () => {
  it('shows the placeholder for a product without a picture and for a picture that fails to load', async () => {
    const bare = { ...bouquetItem, id: 8, title: 'Bare bouquet', images: [] };
    stubApi((url) => (url.pathname === '/api/products' ? { body: pageOf([bouquetItem, bare]) } : undefined));
    renderApp(<ProductListPage />, { history: ['/products'], path: '/products' });
    const bareRow = (await screen.findByRole('cell', { name: 'Bare bouquet' })).closest('tr')!;
    expect(within(bareRow).getByRole('img', { name: NO_PICTURE_LABEL })).toBeInTheDocument();

    const row = screen.getByRole('cell', { name: 'Red rose bouquet' }).closest('tr')!;
    expect(within(row).queryByRole('img', { name: NO_PICTURE_LABEL })).not.toBeInTheDocument();
    fireEvent.error(row.querySelector('img')!);
    expect(await within(row).findByRole('img', { name: NO_PICTURE_LABEL })).toBeInTheDocument();
  });
});
