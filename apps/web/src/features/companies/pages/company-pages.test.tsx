import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CompanyListItem, XeroContact } from '@bloomline/contract';

import { bodyOf, callsOf, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';
import { staffUser } from '@/test/users';

import { CompanyListPage } from './company-list-page';

afterEach(() => vi.restoreAllMocks());

const ROSE: XeroContact = { ContactID: '8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', Name: 'Rose Funeral Group' };
const BLOOM: XeroContact = { ContactID: '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e', Name: 'Bloom Events' };

const karoo: CompanyListItem = {
  id: 3,
  name: 'Karoo Capital',
  inStore: false,
  avbob: false,
  b2b: true,
  xeroContact: ROSE,
};
const soweto: CompanyListItem = {
  id: 4,
  name: 'AVBOB Soweto',
  inStore: false,
  avbob: true,
  b2b: false,
  xeroContact: null,
};
const xeroManager = { ...staffUser, permissions: { ...staffUser.permissions, manageXero: true } };

type Reply = { status?: number; body?: unknown } | undefined;

/** The companies API; `onPut` may answer a change itself (a failure), else it is saved. */
function api({
  contacts = { body: { data: [BLOOM, ROSE] } },
  onPut,
}: { contacts?: Reply; onPut?: (id: number, body: Record<string, unknown>) => Reply } = {}) {
  let rows = [soweto, karoo];
  return stubApi((url, init) => {
    if (url.pathname === '/api/companies')
      return { body: pageOf(rows, { total: 30, page: Number(url.searchParams.get('page') ?? 1) }) };
    if (url.pathname === '/api/xero-contacts') return contacts;
    const m = /^\/api\/companies\/(\d+)$/.exec(url.pathname);
    if (m && init.method === 'PUT') {
      const body = bodyOf(init) as Record<string, unknown>;
      const failure = onPut?.(Number(m[1]), body);
      if (failure) return failure;
      rows = rows.map((r) => {
        if (r.id !== Number(m[1])) return r;
        if ('xero_contact_id' in body)
          return {
            ...r,
            xeroContact: [BLOOM, ROSE].find((c) => c.ContactID === body.xero_contact_id) ?? null,
          };
        const key = { in_store: 'inStore', avbob: 'avbob', b2b: 'b2b' }[Object.keys(body)[0]!]!;
        return { ...r, [key]: body[Object.keys(body)[0]!] };
      });
      return { body: { data: rows.find((r) => r.id === Number(m[1])) } };
    }
    return undefined;
  });
}

const open = (user = staffUser, history = ['/companies']) =>
  renderApp(
    <>
      <CompanyListPage />
      <Where />
    </>,
    { user, history, path: '/companies' },
  );

describe('/companies', () => {
  it('asks with q and page from the address; without manageXero there is no accounting column', async () => {
    const spy = api();
    open(staffUser, ['/companies?q=ka&page=2']);
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Karoo Capital' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'In store',
      'AVBOB',
      'B2B',
      'Actions',
    ]);
    expect(screen.getByRole('switch', { name: 'B2B for Karoo Capital' })).toBeChecked();
    // A company has no page: its row opens its audit entries (issue 36).
    expect(screen.getByRole('link', { name: 'History of Karoo Capital' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/audit\?pT=company&pI=\d+$/),
    );
    expect(screen.getByRole('switch', { name: 'AVBOB for Karoo Capital' })).not.toBeChecked();
    const calls = callsOf(spy);
    expect(calls.find((c) => c.startsWith('GET /api/companies'))).toMatch(/q=ka.*page=2|page=2.*q=ka/);
    expect(calls.some((c) => c.includes('xero-contacts'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search companies' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveTextContent('/companies?q=kax'));
  });

  it('saves a flag as soon as it is switched, and says saved', async () => {
    const spy = api();
    open();
    const inStore = await screen.findByRole('switch', { name: 'In store for AVBOB Soweto' });
    await userEvent.click(inStore);
    expect(
      await screen.findByRole('status', { name: 'In store for AVBOB Soweto: save state' }),
    ).toHaveTextContent('Saved');
    expect(inStore).toBeChecked();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(callsOf(spy)).toContain('PUT /api/companies/4');
    expect(bodyOf(put[1])).toEqual({ in_store: true });
  });

  it('shows a failed save beside the switch and puts it back', async () => {
    api({ onPut: () => ({ status: 403, body: { message: 'This action is unauthorized.' } }) });
    open();
    const b2b = await screen.findByRole('switch', { name: 'B2B for Karoo Capital' });
    await userEvent.click(b2b);
    const state = await screen.findByRole('status', { name: 'B2B for Karoo Capital: save state' });
    await waitFor(() => expect(state).toHaveTextContent('Failed'));
    expect(within(state).getByText('Failed')).toHaveAttribute('title', 'This action is unauthorized.');
    expect(b2b).toBeChecked();
  });

  it('offers the accounting contacts to users with manageXero and saves a pick at once', async () => {
    const spy = api();
    open(xeroManager);
    expect(await screen.findByRole('columnheader', { name: 'Accounting contact' })).toBeInTheDocument();
    const picker = await screen.findByRole('textbox', { name: 'Accounting contact for AVBOB Soweto' });
    expect(screen.getByRole('textbox', { name: 'Accounting contact for Karoo Capital' })).toHaveValue(
      'Rose Funeral Group',
    );
    // No contact yet: the field starts empty, and what is typed searches the contacts (issue 36).
    expect(picker).toHaveValue('');
    expect(picker).toHaveAttribute('placeholder', 'No contact');
    await userEvent.type(picker, 'bloom');
    expect(picker).toHaveValue('bloom');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bloom Events']);
    await userEvent.click(await screen.findByRole('option', { name: 'Bloom Events' }));
    expect(
      await screen.findByRole('status', { name: 'Accounting contact for AVBOB Soweto: save state' }),
    ).toHaveTextContent('Saved');
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(put[1])).toEqual({ xero_contact_id: BLOOM.ContactID });
    expect(picker).toHaveValue('Bloom Events');

    // Cleared by keyboard as well: the list's first choice is none.
    const karooPicker = screen.getByRole('textbox', { name: 'Accounting contact for Karoo Capital' });
    await userEvent.click(karooPicker);
    await userEvent.click(await screen.findByRole('option', { name: 'No contact' }));
    await waitFor(() => expect(karooPicker).toHaveValue(''));
    const cleared = spy.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1)!;
    expect(callsOf(spy)).toContain('PUT /api/companies/3');
    expect(bodyOf(cleared[1])).toEqual({ xero_contact_id: null });
  });

  it('says to connect Xero first when the contacts answer 503, and the list still works', async () => {
    api({
      contacts: { status: 503, body: { message: 'The accounting connection (Xero) is not set up yet.' } },
    });
    open(xeroManager);
    expect(await screen.findByText('Connect Xero first to choose accounting contacts.')).toBeInTheDocument();
    expect(screen.getByText('The accounting connection (Xero) is not set up yet.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Rose Funeral Group' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Accounting contact for/ })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'AVBOB for AVBOB Soweto' }));
    expect(
      await screen.findByRole('status', { name: 'AVBOB for AVBOB Soweto: save state' }),
    ).toHaveTextContent('Saved');
  });

  it('searches every contact, past the first 50 listed', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ContactID: `c-${String(i)}`,
      Name: `Contact ${String(i).padStart(3, '0')}`,
    }));
    api({ contacts: { body: { data: [...many, BLOOM, ROSE] } } });
    open(xeroManager);
    const picker = await screen.findByRole('textbox', { name: 'Accounting contact for AVBOB Soweto' });
    await userEvent.click(picker);
    expect(await screen.findAllByRole('option')).toHaveLength(50);
    await userEvent.type(picker, 'Contact 11');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Contact 11${String(i)}`),
      ),
    );
  });
});
