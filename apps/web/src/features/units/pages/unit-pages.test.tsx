import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MEASURE_UNIT_HINTS, type MeasureUnit } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { UnitAddPage, UnitEditPage } from './unit-edit-page';
import { UnitListPage } from './unit-list-page';

afterEach(() => vi.restoreAllMocks());

const units: MeasureUnit[] = [
  { id: 1, name: 'Bunch', short_code: 'bn' },
  { id: 2, name: 'Stem', short_code: 'st' },
];

const listApi = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/measure-units' && (init.method ?? 'GET') === 'GET')
      return { body: { data: units } };
    return undefined;
  });

describe('/units', () => {
  it('lists Unit Name, Short Code and Actions, and searches by name in the browser', async () => {
    const spy = listApi();
    renderApp(<UnitListPage />, { history: ['/units'], path: '/units' });
    expect(screen.getByRole('heading', { level: 1, name: 'Units of measure' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Stem' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Unit Name',
      'Short Code',
      'Actions',
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search units by name' }), 'STE{Enter}');
    expect(screen.queryByRole('cell', { name: 'Bunch' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Stem' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search units by name' }), 'xyz{Enter}');
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
    expect(callsOf(spy)).toEqual(['GET /api/measure-units']);
  });

  it('deletes after confirming, and shows a 409 readably', async () => {
    const spy = listApi((url, init) =>
      init.method === 'DELETE'
        ? { status: 409, body: { message: 'The unit of measure is used by 2 component units.' } }
        : undefined,
    );
    renderApp(<UnitListPage />, { history: ['/units'], path: '/units' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Stem' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm that you want to delete the record');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The unit of measure is used by 2 component units.',
    );
    expect(callsOf(spy)).toContain('DELETE /api/measure-units/2');
  });

  it('shows a failed load with Retry', async () => {
    stubApi(() => ({ status: 403, body: { message: 'This action is unauthorized.' } }));
    renderApp(<UnitListPage />, { history: ['/units'], path: '/units' });
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/units/add', () => {
  it('offers Add and EXIT with the hints, and shows a duplicate name under the field', async () => {
    listApi((url, init) =>
      init.method === 'POST' ? invalid({ name: ['This name is already taken.'] }) : undefined,
    );
    renderApp(<UnitAddPage />, { history: ['/units', '/units/add'], path: '/units/add' });
    expect(screen.getByText(MEASURE_UNIT_HINTS.name)).toBeInTheDocument();
    expect(screen.getByText(MEASURE_UNIT_HINTS.short_code)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EXIT' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Stem');
    await userEvent.type(screen.getByRole('textbox', { name: /^Short code/ }), 'st');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This name is already taken.')).toBeInTheDocument();
  });

  it('adds and returns to /units', async () => {
    const spy = listApi((url, init) =>
      init.method === 'POST'
        ? { status: 201, body: { data: { id: 3, name: 'Box', short_code: 'bx' } } }
        : undefined,
    );
    renderApp(<UnitAddPage />, {
      history: ['/units/add'],
      path: '/units/add',
      others: { '/units': <Where /> },
    });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Box');
    await userEvent.type(screen.getByRole('textbox', { name: /^Short code/ }), 'bx');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/units');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ name: 'Box', short_code: 'bx' });
  });
});

describe('/units/{id}', () => {
  it('spins while loading, then edits the unit found in the list with Save and Cancel', async () => {
    const spy = listApi((url, init) =>
      init.method === 'PUT' ? { body: { data: { id: 2, name: 'Stems', short_code: 'st' } } } : undefined,
    );
    renderApp(<UnitEditPage />, {
      history: ['/units', '/units/2'],
      path: '/units/:id',
      others: { '/units': <Where /> },
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Stem');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(spy)).toContain('PUT /api/measure-units/2'));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/units');
  });

  it('says so when the unit is not in the list', async () => {
    listApi();
    renderApp(<UnitEditPage />, { history: ['/units/99'], path: '/units/:id' });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
