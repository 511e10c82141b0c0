import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Component } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { BulkEditPage } from './bulk-edit-page';

afterEach(() => vi.restoreAllMocks());

const component = (
  id: number,
  name: string,
  price: number,
  overrides: Partial<Component> = {},
): Component => ({
  id,
  name,
  wholesale_excl_vat: price,
  container: false,
  exclude_auto_calculations: false,
  show_on_menu: true,
  isCommission: false,
  hasImage: false,
  imageUrl: null,
  unit_id: 3,
  colour_id: null,
  unit: null,
  colour: null,
  ratesCount: 1,
  ...overrides,
});

const rows = [
  component(1, 'Red Rose', 12.5),
  component(2, 'Fern', 3),
  component(3, 'Vase', 80, { container: true }),
];

type Reply = { status?: number; body?: unknown } | undefined;

/** The list, and a PUT that answers the row as sent unless `put` says otherwise. */
const api = (put?: (id: number, body: Record<string, unknown>) => Reply) =>
  stubApi((url, init) => {
    if (url.pathname === '/api/components' && (init.method ?? 'GET') === 'GET')
      return { body: pageOf(rows, { total: 40, page: Number(url.searchParams.get('page') ?? 1) }) };
    const match = /^\/api\/components\/(\d+)$/.exec(url.pathname);
    if (match && init.method === 'PUT') {
      const id = Number(match[1]);
      const body = bodyOf(init) as Record<string, unknown>;
      const reply = put?.(id, body);
      if (reply) return reply;
      const before = rows.find((r) => r.id === id)!;
      return {
        body: {
          data: {
            ...before,
            name: body.name,
            wholesale_excl_vat: body.wholesale_excl_vat,
            isCommission: body.is_commission,
            container: body.container,
          },
        },
      };
    }
    return undefined;
  });

const open = (address = '/components/bulk-edit') =>
  renderApp(<BulkEditPage />, {
    history: [address],
    path: '/components/bulk-edit',
    others: { '/components': <Where /> },
  });

const price = (name: string) =>
  screen.getByRole<HTMLInputElement>('textbox', { name: `Wholesale excl VAT of ${name}` });
const nameBox = (name: string) => screen.getByRole('textbox', { name: `Name of ${name}` });
const rowOf = (el: HTMLElement) => el.closest('tr')!;
const puts = (spy: ReturnType<typeof stubApi>) => callsOf(spy).filter((c) => c.startsWith('PUT'));
const announcer = () => screen.getByTestId('bulk-edit-announcer');

describe('/components/bulk-edit', () => {
  it('shows the breadcrumbs, a way back and a row of inputs per component', async () => {
    const spy = api();
    open('/components/bulk-edit?q=ro&page=2&s=wholesale_excl_vat&d=desc');
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk edit components' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'COMPONENTS' })).toHaveAttribute('href', '/components');
    expect(within(crumbs).getByText('BULK EDIT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to components' })).toHaveAttribute('href', '/components');
    expect(await screen.findByRole('textbox', { name: 'Name of Red Rose' })).toHaveValue('Red Rose');
    expect(price('Red Rose')).toHaveValue('R 12,50');
    expect(screen.getByRole('checkbox', { name: 'Container of Vase' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Show on menu of Fern' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Is commission of Fern' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Exclude auto calculations of Fern' })).not.toBeChecked();
    expect(screen.getByRole('columnheader', { name: /Wholesale excl VAT/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(callsOf(spy)).toEqual(['GET /api/components?page=2&per_page=15&q=ro&s=wholesale_excl_vat&d=desc']);
  });

  it('saves a row 300 ms after typing stops, once, with the whole row, and flashes it green', async () => {
    const spy = api();
    open();
    const box = await screen.findByRole('textbox', { name: 'Wholesale excl VAT of Red Rose' });
    await userEvent.clear(box);
    await userEvent.type(box, '13.75');
    expect(puts(spy)).toEqual([]);
    expect(rowOf(box)).toHaveAttribute('data-state', 'pending');
    await waitFor(() => expect(rowOf(box)).toHaveAttribute('data-state', 'saved'));
    expect(rowOf(box)).toHaveAttribute('data-flash', 'saved');
    expect(within(rowOf(box)).getByText('Saved')).toBeInTheDocument();
    expect(announcer()).toHaveTextContent('Saved Red Rose.');
    expect(puts(spy)).toEqual(['PUT /api/components/1']);
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({
      name: 'Red Rose',
      wholesale_excl_vat: 13.75,
      container: false,
      exclude_auto_calculations: false,
      show_on_menu: true,
      is_commission: false,
    });
    // The answer is put in place: the page is not fetched again under the caret, the text stays as typed.
    expect(callsOf(spy).filter((c) => c.startsWith('GET'))).toHaveLength(1);
    expect(box).toHaveValue('13.75');
    expect(box).toHaveFocus();
  });

  it('saves a ticked box too', async () => {
    const spy = api();
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Is commission of Fern' }));
    await waitFor(() => expect(puts(spy)).toEqual(['PUT /api/components/2']));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toMatchObject({ name: 'Fern', wholesale_excl_vat: 3, is_commission: true });
  });

  it('flashes red with the 422 message under the cell, announced, and Escape reverts the cell', async () => {
    api((id) => (id === 2 ? invalid({ name: ['This name is already taken.'] }) : undefined));
    open();
    const box = await screen.findByRole('textbox', { name: 'Name of Fern' });
    await userEvent.type(box, 's');
    await waitFor(() => expect(rowOf(box)).toHaveAttribute('data-state', 'failed'));
    expect(rowOf(box)).toHaveAttribute('data-flash', 'failed');
    expect(within(rowOf(box)).getByText('Not saved')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('This name is already taken.');
    expect(announcer()).toHaveTextContent('Fern not saved: This name is already taken.');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('Fern');
    await waitFor(() => expect(rowOf(box)).toHaveAttribute('data-state', 'idle'));
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a negative price before sending, in the server’s words', async () => {
    const spy = api();
    open();
    const box = await screen.findByRole('textbox', { name: 'Wholesale excl VAT of Vase' });
    await userEvent.clear(box);
    await userEvent.type(box, '-4');
    await waitFor(() => expect(rowOf(box)).toHaveAttribute('data-state', 'failed'));
    expect(box).toHaveAccessibleDescription('Wholesale price cannot be negative.');
    expect(puts(spy)).toEqual([]);
  });

  it('shows a server failure and a lost connection in the row', async () => {
    let failure: 'server' | 'network' = 'server';
    const spy = api(() =>
      failure === 'server' ? { status: 500, body: { message: 'Server Error' } } : undefined,
    );
    open();
    const box = await screen.findByRole('textbox', { name: 'Name of Red Rose' });
    await userEvent.type(box, 's');
    await waitFor(() => expect(within(rowOf(box)).getByText('Server Error')).toBeInTheDocument());
    failure = 'network';
    spy.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.type(box, 'x');
    expect(
      await within(rowOf(box)).findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(rowOf(box)).toHaveAttribute('data-state', 'failed');
  });

  it('moves like a spreadsheet: Up, Down and Enter in the column, Left and Right at the text’s edge', async () => {
    api();
    open();
    const first = await screen.findByRole('textbox', { name: 'Name of Red Rose' });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(nameBox('Fern')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(nameBox('Vase')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(nameBox('Vase')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(nameBox('Fern')).toHaveFocus();
    // Entered by the keyboard, the whole text is selected: Right moves on at once.
    await userEvent.keyboard('{ArrowRight}');
    expect(price('Fern')).toHaveFocus();
    // A caret inside the text moves within it first.
    const box = price('Fern');
    box.setSelectionRange(1, 1);
    await userEvent.keyboard('{ArrowLeft}');
    expect(box).toHaveFocus();
    box.setSelectionRange(0, 0);
    await userEvent.keyboard('{ArrowLeft}');
    expect(nameBox('Fern')).toHaveFocus();
    price('Fern').setSelectionRange(6, 6);
    price('Fern').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('checkbox', { name: 'Container of Fern' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('checkbox', { name: 'Exclude auto calculations of Vase' })).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('checkbox', { name: 'Exclude auto calculations of Fern' })).toHaveFocus();
  });

  it('keeps search, sort and page in the address', async () => {
    const spy = api();
    const { router } = open();
    await screen.findByRole('textbox', { name: 'Name of Red Rose' });
    await userEvent.click(screen.getByRole('button', { name: /^Wholesale excl VAT/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?s=wholesale_excl_vat&d=asc'));
    await userEvent.click(screen.getByRole('button', { name: /^Wholesale excl VAT/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?s=wholesale_excl_vat&d=desc'));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?s=wholesale_excl_vat&d=desc&page=2'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search components by name' }), 'fern');
    await waitFor(() => expect(router.state.location.search).toBe('?s=wholesale_excl_vat&d=desc&q=fern'));
    await waitFor(() =>
      expect(callsOf(spy)).toContain(
        'GET /api/components?page=1&per_page=15&q=fern&s=wholesale_excl_vat&d=desc',
      ),
    );
    expect(callsOf(spy)).toContain('GET /api/components?page=2&per_page=15&s=wholesale_excl_vat&d=desc');
  });

  it('saves a waiting change at once before leaving, then goes', async () => {
    const spy = api();
    open();
    const box = await screen.findByRole('textbox', { name: 'Name of Fern' });
    await userEvent.type(box, 's');
    await userEvent.click(screen.getByRole('link', { name: 'Back to components' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    expect(puts(spy)).toEqual(['PUT /api/components/2']);
  });

  it('asks before leaving when a change could not be saved', async () => {
    const spy = api();
    open();
    const box = await screen.findByRole('textbox', { name: 'Wholesale excl VAT of Fern' });
    await userEvent.type(box, 'abc');
    await userEvent.click(screen.getByRole('link', { name: 'Back to components' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Wholesale price must be an amount such as 1 234,50.');
    await userEvent.click(screen.getByRole('link', { name: 'Back to components' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/components');
    expect(puts(spy)).toEqual([]);
  });

  it('says so when nothing is found, and offers Retry when the list fails', async () => {
    stubApi(() => ({ status: 403, body: { message: 'This action is unauthorized.' } }));
    open();
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    vi.restoreAllMocks();
    stubApi(() => ({ body: pageOf([]) }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});
