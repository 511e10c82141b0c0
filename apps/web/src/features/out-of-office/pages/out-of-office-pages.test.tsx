import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OFFLINE_TIME_DELETE_CONFIRM, type OfflineTime } from '@bloomline/contract';

import { callsOf, formOf, invalid, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';
import { partnerUser, staffUser } from '@/test/users';

import { OutOfOfficeAddPage, OutOfOfficeEditPage } from './out-of-office-edit-page';
import { OutOfOfficeListPage } from './out-of-office-list-page';

afterEach(() => vi.restoreAllMocks());

// partnerUser belongs to partner 7.
const periods: OfflineTime[] = [
  { id: 3, partnerId: 7, startDate: '2026-12-20', endDate: '2026-12-27', enabled: true },
  { id: 2, partnerId: 7, startDate: '2026-06-01', endDate: '2026-06-01', enabled: false },
];

const api = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if ((init.method ?? 'GET') !== 'GET') return undefined;
    if (url.pathname === '/api/partners/7/offline-times') return { body: { data: periods } };
    if (url.pathname === '/api/partners/7/offline-times/3') return { body: { data: periods[0] } };
    return undefined;
  });

describe('/partners/out-of-office', () => {
  it('lists the partner user’s own periods: Start, End, Enabled and the actions', async () => {
    const spy = api();
    renderApp(<OutOfOfficeListPage />, { user: partnerUser, history: ['/partners/out-of-office'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Out of office' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '20 Dec 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Start',
      'End',
      'Enabled',
      'Actions',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['20 Dec 2026', '27 Dec 2026', 'Yes'],
      ['01 Jun 2026', '01 Jun 2026', 'No'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit 20 Dec 2026 to 27 Dec 2026' })).toHaveAttribute(
      'href',
      '/partners/out-of-office/3',
    );
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/partners/out-of-office/add');
    expect(callsOf(spy)).toEqual(['GET /api/partners/7/offline-times']);
  });

  it('deletes only after the spec’s question', async () => {
    const spy = api((url, init) => (init.method === 'DELETE' ? { status: 204 } : undefined));
    renderApp(<OutOfOfficeListPage />, { user: partnerUser, history: ['/partners/out-of-office'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 01 Jun 2026 to 01 Jun 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(OFFLINE_TIME_DELETE_CONFIRM);
    expect(callsOf(spy)).not.toContain('DELETE /api/partners/7/offline-times/2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(spy)).toContain('DELETE /api/partners/7/offline-times/2'));
  });

  it('shows a failure to load with Retry', async () => {
    api((url) =>
      url.pathname === '/api/partners/7/offline-times'
        ? { status: 500, body: { message: 'Server Error' } }
        : undefined,
    );
    renderApp(<OutOfOfficeListPage />, { user: partnerUser, history: ['/partners/out-of-office'] });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows staff the periods of the partner named in the address, and keeps it in every link', async () => {
    const spy = stubApi((url) =>
      url.pathname === '/api/partners/5/offline-times' ? { body: { data: [] } } : undefined,
    );
    renderApp(<OutOfOfficeListPage />, { user: staffUser, history: ['/partners/out-of-office?partner=5'] });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/partners/out-of-office/add?partner=5',
    );
    expect(screen.getByRole('link', { name: 'Partners' })).toHaveAttribute('href', '/partners/5');
    expect(callsOf(spy)).toEqual(['GET /api/partners/5/offline-times']);
  });

  it('tells staff without a partner where the periods are, asking nothing', async () => {
    const spy = stubApi(() => undefined);
    renderApp(<OutOfOfficeListPage />, { user: staffUser, history: ['/partners/out-of-office?partner=x'] });
    expect(screen.getByText(/belong to a partner/)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('/partners/out-of-office/add', () => {
  it('checks both dates before sending, in the server’s words', async () => {
    const spy = api();
    renderApp(<OutOfOfficeAddPage />, { user: partnerUser, history: ['/partners/out-of-office/add'] });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Start date is required.')).toBeInTheDocument();
    expect(screen.getByText('End date is required.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Enabled/ })).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('/partners/out-of-office/{id}', () => {
  it('starts from the period, sends a multipart PUT with enabled, and returns to the list', async () => {
    const spy = api((url, init) =>
      init.method === 'POST' ? { body: { data: { ...periods[0], enabled: false } } } : undefined,
    );
    renderApp(<OutOfOfficeEditPage />, {
      user: partnerUser,
      history: ['/partners/out-of-office', '/partners/out-of-office/3'],
      path: '/partners/out-of-office/:id',
      others: { '/partners/out-of-office': <Where /> },
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const enabled = await screen.findByRole('checkbox', { name: /Enabled/ });
    expect(enabled).toBeChecked();
    expect(screen.getByRole('button', { name: /Start date/ })).toHaveTextContent('20 Dec 2026');
    expect(screen.getByRole('button', { name: /End date/ })).toHaveTextContent('27 Dec 2026');
    await userEvent.click(enabled);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/partners/out-of-office');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({
      startDate: '2026-12-20',
      endDate: '2026-12-27',
      enabled: '0',
      _method: 'PUT',
    });
  });

  it('shows an end before the start under the end date', async () => {
    api((url, init) =>
      init.method === 'POST'
        ? invalid({ endDate: ['End date cannot be before the start date.'] })
        : undefined,
    );
    renderApp(<OutOfOfficeEditPage />, {
      user: partnerUser,
      history: ['/partners/out-of-office/3'],
      path: '/partners/out-of-office/:id',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('End date cannot be before the start date.')).toBeInTheDocument();
  });

  it('says so when the period is not the partner’s (404)', async () => {
    api();
    renderApp(<OutOfOfficeEditPage />, {
      user: partnerUser,
      history: ['/partners/out-of-office/99'],
      path: '/partners/out-of-office/:id',
    });
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
  });
});
