import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CustomerListItem, PartnerPickerItem } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { onPhone } from '@/test/phone';
import { renderApp, Where } from '@/test/render';

import { CustomerListPage } from './customer-list-page';

afterEach(() => vi.restoreAllMocks());

const naledi: CustomerListItem = {
  id: 4,
  name: 'Naledi Dlamini',
  email: 'naledi@mail.example',
  phone: '082 555 0101',
  companies: [
    { id: 1, name: 'AVBOB Soweto' },
    { id: 2, name: 'Karoo Capital' },
  ],
  partner: { id: 7, name: 'Protea Petals' },
};
const pieter: CustomerListItem = {
  id: 5,
  name: 'Pieter van Wyk',
  email: null,
  phone: null,
  companies: [],
  partner: null,
};

const partner = (id: number, name: string): PartnerPickerItem => ({
  id,
  name,
  partnerType: 'florist',
  enabled: true,
  city: 'Cape Town',
});
const PARTNERS = [partner(7, 'Protea Petals'), partner(8, 'Fynbos & Co'), partner(9, 'Baobab Blooms')];

type Reply = { status?: number; body?: unknown } | undefined;

function api(extra?: (url: URL, init: RequestInit) => Reply) {
  let rows = [naledi, pieter];
  return stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/customers')
      return { body: pageOf(rows, { total: 40, page: Number(url.searchParams.get('page') ?? 1) }) };
    if (url.pathname === '/api/partners') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return { body: { data: PARTNERS.filter((p) => p.name.toLowerCase().includes(q)) } };
    }
    const m = /^\/api\/customers\/(\d+)$/.exec(url.pathname);
    if (m && method === 'PUT') {
      const { partnerId } = bodyOf(init) as { partnerId: number | null };
      const p = PARTNERS.find((x) => x.id === partnerId);
      rows = rows.map((r) =>
        r.id === Number(m[1]) ? { ...r, partner: p ? { id: p.id, name: p.name } : null } : r,
      );
      return { body: { data: rows.find((r) => r.id === Number(m[1])) } };
    }
    if (m && method === 'DELETE') {
      rows = rows.filter((r) => r.id !== Number(m[1]));
      return { status: 204 };
    }
    return undefined;
  });
}

const open = (history = ['/customers']) =>
  renderApp(
    <>
      <CustomerListPage />
      <Where />
    </>,
    { history, path: '/customers' },
  );

describe('/customers', () => {
  it('asks with q and page from the address and shows the columns', async () => {
    const spy = api();
    open(['/customers?q=dla&page=2']);
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Naledi Dlamini' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Companies', 'Partner', 'Actions']);
    expect(screen.getByRole('cell', { name: 'naledi@mail.example' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '082 555 0101' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'AVBOB Soweto, Karoo Capital' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Protea Petals' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change partner of Pieter van Wyk' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History of Pieter van Wyk' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/audit\?pT=customer&pI=\d+$/),
    );
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    const call = callsOf(spy).find((c) => c.startsWith('GET /api/customers'))!;
    expect(call).toContain('q=dla');
    expect(call).toContain('page=2');
  });

  it('pages and searches through the address', async () => {
    api();
    open();
    await screen.findByRole('cell', { name: 'Naledi Dlamini' });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/customers?page=2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search customers' }), 'van wyk{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/customers?q=van+wyk'));
  });

  it('says so when nothing is found, and offers Retry when the list fails', async () => {
    let fail = true;
    stubApi((url) => {
      if (url.pathname !== '/api/customers') return undefined;
      if (fail) return { status: 500, body: { message: 'Server Error' } };
      return { body: pageOf([]) };
    });
    open();
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });

  it('changes the partner in a dialog with a searchable partner list', async () => {
    const spy = api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change partner of Pieter van Wyk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change partner' });
    const select = within(dialog).getByRole('textbox', { name: 'Partner' });
    expect(select).toHaveValue('No partner');
    await userEvent.clear(select);
    await userEvent.type(select, 'fyn');
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/partners?q=fyn'));
    await userEvent.click(await screen.findByRole('option', { name: 'Fynbos & Co' }));
    expect(select).toHaveValue('Fynbos & Co');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(put[1])).toEqual({ partnerId: 8 });
    expect(await screen.findByRole('cell', { name: 'Fynbos & Co' })).toBeInTheDocument();
  });

  it('clears the partner, and Cancel changes nothing', async () => {
    const spy = api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change partner of Naledi Dlamini' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change partner' });
    expect(within(dialog).getByRole('textbox', { name: 'Partner' })).toHaveValue('Protea Petals');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(spy).some((c) => c.startsWith('PUT'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Change partner of Naledi Dlamini' }));
    dialog = await screen.findByRole('dialog', { name: 'Change partner' });
    // By keyboard: the list's first choice is none.
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Partner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No partner' }));
    expect(within(dialog).getByRole('textbox', { name: 'Partner' })).toHaveValue('No partner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(put[1])).toEqual({ partnerId: null });
  });

  it('shows a 422 under the partner and keeps the dialog open', async () => {
    api((url, init) =>
      init.method === 'PUT' && url.pathname === '/api/customers/5'
        ? invalid({ partnerId: ['Choose a valid partner.'] })
        : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change partner of Pieter van Wyk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change partner' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Partner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Baobab Blooms' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a valid partner.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change partner' })).toBeInTheDocument();
  });

  it('deletes a customer after the confirmation', async () => {
    const spy = api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pieter van Wyk' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm that you want to delete the record');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Pieter van Wyk' })).not.toBeInTheDocument(),
    );
    expect(callsOf(spy)).toContain('DELETE /api/customers/5');
  });
});

describe('/customers on a phone', () => {
  onPhone();

  it('shows every column of a customer and a labelled Change partner', async () => {
    api();
    renderApp(<CustomerListPage />, { history: ['/customers'] });
    const card = (await screen.findByText('Naledi Dlamini')).closest('li')!;
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Companies', 'Partner']);
    expect(card).toHaveTextContent('082 555 0101');
    expect(card).toHaveTextContent('AVBOB Soweto, Karoo Capital');
    // Words, not an icon alone.
    expect(within(card).getByRole('button', { name: 'Change partner of Naledi Dlamini' })).toHaveTextContent(
      'Change partner',
    );
    expect(within(card).getByRole('button', { name: 'Delete Naledi Dlamini' })).toBeInTheDocument();
  });
});
