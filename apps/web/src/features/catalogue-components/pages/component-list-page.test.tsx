import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Component } from '@bloomline/contract';

import { callsOf, pageOf, stubApi } from '@/test/api-stub';
import { aComponent } from '@/test/records';
import { renderApp, Where } from '@/test/render';

import { ComponentListPage } from './component-list-page';

afterEach(() => vi.restoreAllMocks());

const rose: Component = aComponent({
  wholesale_excl_vat: 1234.5,
  hasImage: true,
  imageUrl: '/api/components/7/image?v=abc',
  unit_id: 3,
  colour_id: 2,
  unit: { id: 3, name: 'Stem', quantity: 10, measureUnit: { id: 1, name: 'Stem', short_code: 'st' } },
  colour: { id: 2, name: 'Red' },
});
const fern: Component = {
  ...rose,
  id: 8,
  name: 'Fern',
  hasImage: false,
  imageUrl: null,
  unit: null,
  unit_id: null,
  colour: null,
  colour_id: null,
};

const listApi = () =>
  stubApi((url) =>
    url.pathname === '/api/components'
      ? { body: pageOf([rose, fern], { total: 40, page: Number(url.searchParams.get('page') ?? 1) }) }
      : undefined,
  );

const lastListCall = (spy: ReturnType<typeof listApi>) =>
  new URL(
    callsOf(spy)
      .filter((c) => c.startsWith('GET /api/components'))
      .at(-1)!
      .slice(4),
    'http://x',
  ).searchParams;

describe('/components', () => {
  it('shows name, unit, colour, wholesale in rand and a thumbnail, with Edit, Rates, Bulk edit and Add', async () => {
    listApi();
    renderApp(<ComponentListPage />, { history: ['/components'], path: '/components' });
    expect(screen.getByRole('heading', { level: 1, name: 'Components' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Red rose' })).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Picture of Red rose' })).toHaveAttribute(
      'src',
      '/api/components/7/image?v=abc',
    );
    expect(row).toHaveTextContent('10 Stem');
    expect(row).toHaveTextContent('R 1 234,50');
    expect(within(row).getByRole('link', { name: 'Edit Red rose' })).toHaveAttribute('href', '/components/7');
    expect(within(row).getByRole('link', { name: 'Rates of Red rose' })).toHaveAttribute(
      'href',
      '/componentrates/7',
    );
    const fernRow = screen.getByRole('cell', { name: 'Fern' }).closest('tr')!;
    expect(within(fernRow).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bulk edit' })).toHaveAttribute('href', '/components/bulk-edit');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/components/add');
  });

  it('asks with q, page and sort from the address, and sorts by a heading', async () => {
    const spy = listApi();
    renderApp(
      <>
        <ComponentListPage />
        <Where />
      </>,
      { history: ['/components?q=rose&page=2&s=wholesale_excl_vat&d=desc'], path: '/components' },
    );
    await screen.findByRole('cell', { name: 'Red rose' });
    const asked = lastListCall(spy);
    expect([asked.get('q'), asked.get('page'), asked.get('s'), asked.get('d')]).toEqual([
      'rose',
      '2',
      'wholesale_excl_vat',
      'desc',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Wholesale, sorted descending/ }));
    expect(screen.getByLabelText('Location')).toHaveTextContent(
      '/components?q=rose&s=wholesale_excl_vat&d=asc',
    );
    await userEvent.click(screen.getByRole('button', { name: /^Name, sort by this column/ }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/components?q=rose&s=name&d=asc');
  });

  it('searches and pages through the address', async () => {
    listApi();
    renderApp(
      <>
        <ComponentListPage />
        <Where />
      </>,
      { history: ['/components'], path: '/components' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/components?page=2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search components by name' }), 'fern{Enter}');
    expect(screen.getByLabelText('Location')).toHaveTextContent('/components?q=fern');
  });

  it('says Nothing found. for an empty list and shows a failure with Retry', async () => {
    const spy = stubApi(() => ({ body: pageOf([]) }));
    const { unmount } = renderApp(<ComponentListPage />, {
      history: ['/components?q=zz'],
      path: '/components',
    });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    unmount();
    spy.mockRestore();
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<ComponentListPage />, { history: ['/components'], path: '/components' });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
