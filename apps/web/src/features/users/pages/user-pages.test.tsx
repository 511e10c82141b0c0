import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { UserRecord } from '@bloomline/contract';

import { callsOf, formOf, invalid, pageOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';
import { staffUser } from '@/test/users';

import { UserAddPage, UserEditPage } from './user-edit-page';
import { UserListPage } from './user-list-page';

afterEach(() => vi.restoreAllMocks());

/** Types a value in one go (pasted): typing it key by key is slow on a busy machine. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

const lerato: UserRecord = {
  id: 5,
  name: 'Lerato Mokoena',
  email: 'lerato@example.com',
  phoneNumber: '082 555 0101',
  isStaff: false,
  enabled: true,
  role: { id: 1, name: 'Partner' },
  partner: { id: 7, name: 'Protea Petals' },
  permissions: { partnerStatements: true, manageXero: false, authenticateXero: false, managePayouts: false },
};
const me: UserRecord = {
  ...lerato,
  id: staffUser.id,
  name: staffUser.name,
  email: staffUser.email,
  phoneNumber: null,
  isStaff: true,
  role: { id: 2, name: 'Admin' },
  partner: null,
  permissions: { partnerStatements: false, manageXero: false, authenticateXero: false, managePayouts: false },
};
const sam: UserRecord = { ...me, id: 6, name: 'Sam Staff', email: 'sam@example.com', enabled: false };

const api = (extra?: (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined) =>
  stubApi((url, init) => {
    const reply = extra?.(url, init);
    if (reply) return reply;
    if (url.pathname === '/api/roles')
      return {
        body: {
          data: [
            { id: 1, name: 'Partner', slug: 'partner' },
            { id: 2, name: 'Admin', slug: 'admin' },
          ],
        },
      };
    if (url.pathname === '/api/partners') {
      const all = [
        { id: 7, name: 'Protea Petals', partnerType: 'florist', enabled: true, city: 'Cape Town' },
        { id: 8, name: 'Fynbos & Co', partnerType: 'florist', enabled: true, city: 'Cape Town' },
      ];
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return { body: { data: all.filter((p) => p.name.toLowerCase().includes(q)) } };
    }
    if (url.pathname === '/api/users/5') return { body: { data: lerato } };
    if (url.pathname === `/api/users/${staffUser.id}`) return { body: { data: me } };
    if (url.pathname === '/api/users')
      return {
        body: pageOf([me, lerato, sam], { total: 40, page: Number(url.searchParams.get('page') ?? 1) }),
      };
    return undefined;
  });

describe('/users', () => {
  it('asks with q and page from the address and shows the spec’s columns', async () => {
    const spy = api();
    renderApp(<UserListPage />, { history: ['/users?q=lera&page=2'], path: '/users' });
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Lerato Mokoena' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Lerato Mokoena',
      'lerato@example.com',
      '082 555 0101',
      'Partner',
      'Protea Petals',
      'Yes',
      'EditDisable',
    ]);
    for (const header of ['Name', 'Email', 'Phone number', 'Role', 'Partner', 'Enabled', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const samRow = screen.getByRole('cell', { name: 'Sam Staff' }).closest('tr')!;
    expect(within(samRow).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    expect(within(samRow).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Lerato Mokoena' })).toHaveAttribute('href', '/users/5');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/users/add');
    // Nobody disables themself: the own row has no toggle.
    expect(screen.queryByRole('button', { name: `Disable ${staffUser.name}` })).not.toBeInTheDocument();
    const call = new URL(
      callsOf(spy)
        .find((c) => c.startsWith('GET /api/users'))!
        .slice(4),
      'http://x',
    );
    expect(call.searchParams.get('q')).toBe('lera');
    expect(call.searchParams.get('page')).toBe('2');
  });

  it('disables and enables only after a question', async () => {
    const spy = api((url, init) =>
      url.pathname.endsWith('/enabled') && init.method === 'POST' ? { body: { data: lerato } } : undefined,
    );
    renderApp(<UserListPage />, { history: ['/users'], path: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Lerato Mokoena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable user' });
    expect(dialog).toHaveTextContent('Disable Lerato Mokoena? They are signed out at once');
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/users/5/enabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Enable Sam Staff' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/users/6/enabled'));
  });

  it('pages through the address', async () => {
    api();
    renderApp(
      <>
        <UserListPage />
        <Where />
      </>,
      { history: ['/users'], path: '/users' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Location')).toHaveTextContent('/users?page=2');
  });

  it('says Nothing found. for an empty search', async () => {
    stubApi((url) => (url.pathname === '/api/users' ? { body: pageOf([]) } : undefined));
    renderApp(<UserListPage />, { history: ['/users?q=zz'], path: '/users' });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

describe('/users/add', () => {
  it('shows the partner only for the partner role, and posts multipart', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/users' && init.method === 'POST'
        ? { status: 201, body: { data: { ...lerato, id: 9 } } }
        : undefined,
    );
    renderApp(<UserAddPage />, {
      history: ['/users', '/users/add'],
      path: '/users/add',
      others: { '/users': <Where /> },
    });
    await fill(screen.getByRole('textbox', { name: /^Name/ }), 'Thabo Nkosi');
    await fill(screen.getByRole('textbox', { name: /^Email/ }), 'thabo@example.com');
    expect(await screen.findByRole('radio', { name: 'Partner' })).toBeChecked();

    // A partner user needs a partner: said before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose the partner this user works for.')).toBeInTheDocument();
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /^Partner/ }), 'fyn');
    // The search goes to the server once typing pauses.
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/partners?q=fyn'));
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Protea Petals' })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Fynbos & Co' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Can view partner statements' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/users');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({
      name: 'Thabo Nkosi',
      email: 'thabo@example.com',
      phoneNumber: '',
      role_id: '1',
      partner_id: '8',
      partner_statements: '1',
      // A partner user never has the staff permissions, whatever the form held.
      manage_payouts: '0',
      manage_xero: '0',
      authenticate_xero: '0',
      enabled: '1',
    });
  });

  it('hides the partner and the statements permission for the admin role, and shows a 422 under its field', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/users' && init.method === 'POST'
        ? invalid({ email: ['This email is already taken.'] })
        : undefined,
    );
    renderApp(<UserAddPage />, { history: ['/users/add'], path: '/users/add' });
    await fill(screen.getByRole('textbox', { name: /^Name/ }), 'Ops Person');
    await fill(screen.getByRole('textbox', { name: /^Email/ }), 'ops@example.com');
    await userEvent.click(await screen.findByRole('radio', { name: 'Admin' }));
    expect(screen.queryByRole('textbox', { name: /^Partner/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Can view partner statements' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This email is already taken.')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toMatchObject({ role_id: '2', partner_id: '', partner_statements: '0' });
  });

  it('refuses a 300-character name under the field before sending, never cutting it', async () => {
    const spy = api();
    renderApp(<UserAddPage />, { history: ['/users/add'], path: '/users/add' });
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await fill(name, 'n'.repeat(300));
    await userEvent.tab();
    expect(await screen.findByText('Name can have at most 255 characters.')).toBeInTheDocument();
    expect(name).toHaveValue('n'.repeat(300));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('goes back one step on Cancel', async () => {
    api();
    renderApp(<UserAddPage />, {
      history: ['/users?page=3', '/users/add'],
      path: '/users/add',
      others: { '/users': <Where /> },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/users?page=3');
  });
});

describe('/users/{userId}', () => {
  it('loads another user with every field and spoofs PUT', async () => {
    const spy = api((url, init) =>
      url.pathname === '/api/users/5' && init.method === 'POST' ? { body: { data: lerato } } : undefined,
    );
    renderApp(<UserEditPage />, {
      history: ['/users/5'],
      path: '/users/:userId',
      others: { '/users': <Where /> },
    });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Lerato Mokoena');
    expect(await screen.findByRole('textbox', { name: /^Partner/ })).toHaveValue('Protea Petals');
    expect(screen.getByRole('checkbox', { name: 'Can view partner statements' })).toBeChecked();
    // The user's own audit entries, one click away (issue 36).
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit?pT=user&pI=5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByLabelText('Location')).toHaveTextContent('/users');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(formOf(post?.[1])).toEqual({
      _method: 'PUT',
      name: 'Lerato Mokoena',
      email: 'lerato@example.com',
      phoneNumber: '082 555 0101',
      role_id: '1',
      partner_id: '7',
      partner_statements: '1',
      manage_payouts: '0',
      manage_xero: '0',
      authenticate_xero: '0',
      enabled: '0',
    });
  });

  it('offers staff only name, e-mail and phone on their own record', async () => {
    const spy = api((url, init) =>
      url.pathname === `/api/users/${staffUser.id}` && init.method === 'POST'
        ? { body: { data: staffUser } }
        : undefined,
    );
    renderApp(<UserEditPage />, {
      history: [`/users/${staffUser.id}`],
      path: '/users/:userId',
      others: { '/users': <Where /> },
    });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue(staffUser.name);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(Object.keys(formOf(post?.[1])).sort()).toEqual(['_method', 'email', 'name', 'phoneNumber']);
  });

  it('says so when the user does not exist', async () => {
    api();
    renderApp(<UserEditPage />, { history: ['/users/99'], path: '/users/:userId' });
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
  });
});
