import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUDIT_RECORD_TYPES, type AuditEntry } from '@bloomline/contract';

import { callsOf, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { AuditPage } from './audit-page';

afterEach(() => vi.restoreAllMocks());

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 41,
  createdAt: '2026-03-05T12:30:00.000Z',
  event: 'updated',
  message: 'Unit of measure Stems updated.',
  user: 'Ada Admin',
  userId: 1,
  propertyType: 'measure unit',
  propertyId: 7,
  oldValues: { name: 'Stem' },
  newValues: { name: 'Stems' },
  ...overrides,
});

const users = [
  { id: 1, name: 'Ada Admin' },
  { id: 2, name: 'Fiona Florist' },
];

type Extra = (url: URL) => { status?: number; body?: unknown } | undefined;
const api = (extra?: Extra) =>
  stubApi((url) => {
    const reply = extra?.(url);
    if (reply) return reply;
    if (url.pathname === '/api/audit')
      return { body: pageOf([entry(), entry({ id: 40, user: 'system', userId: null })], { total: 40 }) };
    if (url.pathname === '/api/users') return { body: pageOf(users) };
    return undefined;
  });

const render = (address = '/audit') =>
  renderApp(
    <>
      <AuditPage />
      <Where />
    </>,
    { history: [address], path: '/audit' },
  );

describe('/audit', () => {
  it('asks with the filters and page of the address and lists the entries newest first', async () => {
    const spy = api();
    render('/audit?user=1&pT=measure+unit&pI=7&page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit' })).toBeInTheDocument();
    expect(await screen.findByText('40 entries')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'User',
      'Event',
      'Record',
      'Message',
      'Details',
    ]);
    const first = screen.getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Thu 05 Mar 2026 14:30',
      'Ada Admin',
      'updated',
      'measure unit 7',
      'Unit of measure Stems updated.',
      'View',
    ]);
    expect(screen.getAllByRole('row')[2]).toHaveTextContent('system');
    expect(callsOf(spy)).toContain('GET /api/audit?page=2&per_page=15&user=1&pT=measure+unit&pI=7');
    expect(screen.getByRole('textbox', { name: 'Record type' })).toHaveValue('measure unit');
    expect(screen.getByRole('textbox', { name: 'Record id' })).toHaveValue('7');
  });

  it('offers every record type, and a new filter starts at page 1', async () => {
    api();
    render('/audit?page=3');
    await userEvent.click(await screen.findByRole('textbox', { name: 'Record type' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...AUDIT_RECORD_TYPES]);
    await userEvent.click(within(listbox).getByRole('option', { name: 'order line' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/audit\?pT=order\+line$/);
  });

  it('filters by a user chosen from the users list', async () => {
    const spy = api();
    render();
    await userEvent.click(await screen.findByRole('textbox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fiona Florist' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/audit?user=2'));
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/audit?page=1&per_page=15&user=2'));
  });

  it('filters by user id where the users list cannot be read', async () => {
    api((url) => (url.pathname === '/api/users' ? { status: 403, body: { message: 'No' } } : undefined));
    render();
    const box = await screen.findByRole('textbox', { name: 'User id' });
    await userEvent.type(box, '12');
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/audit?user=12'));
  });

  it('opens an entry aside with its old and new values side by side, the changed ones marked', async () => {
    api((url) =>
      url.pathname === '/api/audit'
        ? {
            body: pageOf([
              entry({
                oldValues: { name: 'Stem', short_code: 'st' },
                newValues: { name: 'Stems', short_code: 'st' },
              }),
            ]),
          }
        : undefined,
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View entry 41' }));
    const panel = await screen.findByRole('dialog', { name: 'Audit entry 41' });
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['namechanged', 'Stem', 'Stems'],
      ['short_code', 'st', 'st'],
    ]);
    expect(rows[0]).toHaveAttribute('data-changed', 'true');
    expect(rows[1]).not.toHaveAttribute('data-changed');
    expect(panel).toHaveTextContent('Ada Admin');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when nothing matches, says "about" past the exact count, and shows a failure with Retry', async () => {
    api((url) =>
      url.searchParams.get('pI') === '9'
        ? { body: pageOf([]) }
        : url.searchParams.get('pT') === 'order'
          ? { body: pageOf([entry()], { total: 1_204_330 }) }
          : url.pathname === '/api/audit'
            ? { status: 500, body: { message: 'Server Error' } }
            : undefined,
    );
    const first = render('/audit?pI=9');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
    first.unmount();
    const second = render('/audit?pT=order');
    expect(await screen.findByText(/About 1.204.330 entries/)).toBeInTheDocument();
    second.unmount();
    render('/audit');
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
