import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Colour } from '@bloomline/contract';

import { callsOf, formOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { ColourAddPage, ColourEditPage } from './colour-edit-page';
import { ColourListPage } from './colour-list-page';

afterEach(() => vi.restoreAllMocks());

const colours: Colour[] = [
  { id: 1, name: 'Clear' },
  { id: 2, name: 'Red' },
];

const api = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/colours' && (init.method ?? 'GET') === 'GET')
      return { body: { data: colours } };
    if (url.pathname === '/api/colours/2' && (init.method ?? 'GET') === 'GET')
      return { body: { data: colours[1] } };
    return undefined;
  });

describe('/colours', () => {
  it('lists Name and Actions, and searches by name in the browser with q in the address', async () => {
    const spy = api();
    renderApp(
      <>
        <ColourListPage />
        <Where />
      </>,
      { history: ['/colours'], path: '/colours' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Colours' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Red' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Actions']);
    expect(screen.getByRole('link', { name: 'Edit Red' })).toHaveAttribute('href', '/colours/2');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/colours/add');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search colours by name' }), 'RE{Enter}');
    expect(screen.queryByRole('cell', { name: 'Clear' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Red' })).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveTextContent('/colours?q=RE');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search colours by name' }), 'xyz{Enter}');
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
    expect(callsOf(spy)).toEqual(['GET /api/colours']);
  });

  it('reads the search from the address', async () => {
    api();
    renderApp(<ColourListPage />, { history: ['/colours?q=cle'], path: '/colours' });
    expect(await screen.findByRole('cell', { name: 'Clear' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Red' })).not.toBeInTheDocument();
  });

  it('deletes after confirming, and shows a 409 in the dialog', async () => {
    const spy = api((url, init) =>
      init.method === 'DELETE'
        ? { status: 409, body: { message: 'This colour cannot be deleted: it is still used by components.' } }
        : undefined,
    );
    renderApp(<ColourListPage />, { history: ['/colours'], path: '/colours' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Red' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm that you want to delete the record');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This colour cannot be deleted: it is still used by components.',
    );
    expect(callsOf(spy)).toContain('DELETE /api/colours/2');
  });

  it('shows a failed load with Retry', async () => {
    stubApi(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp(<ColourListPage />, { history: ['/colours'], path: '/colours' });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/colours/add', () => {
  it('checks the name before sending, and shows a duplicate under the field', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? invalid({ name: ['This name is already taken.'] }) : undefined,
    );
    renderApp(<ColourAddPage />, { history: ['/colours', '/colours/add'], path: '/colours/add' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(callsOf(spy)).not.toContain('POST /api/colours');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
  });

  it('adds as a multipart form and returns to /colours', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { status: 201, body: { data: { id: 3, name: 'White' } } } : undefined,
    );
    renderApp(<ColourAddPage />, {
      history: ['/colours/add'],
      path: '/colours/add',
      others: { '/colours': <Where /> },
    });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'White');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/colours');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({ name: 'White' });
  });
});

describe('/colours/{id}', () => {
  it('spins while loading, then saves with _method=PUT and returns to /colours', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' && url.pathname === '/api/colours/2'
        ? { body: { data: { id: 2, name: 'Deep red' } } }
        : undefined,
    );
    renderApp(<ColourEditPage />, {
      history: ['/colours', '/colours/2'],
      path: '/colours/:id',
      others: { '/colours': <Where /> },
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Red');
    await userEvent.clear(name);
    await userEvent.type(name, 'Deep red');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/colours/2'));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({ name: 'Deep red', _method: 'PUT' });
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/colours');
  });

  it('says so for a colour that does not exist', async () => {
    api();
    renderApp(<ColourEditPage />, { history: ['/colours/99'], path: '/colours/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
