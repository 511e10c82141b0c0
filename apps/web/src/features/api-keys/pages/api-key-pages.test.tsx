import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ApiKey } from '@bloomline/contract';

import { bodyOf, callsOf, invalid, stubApi } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';

import { ApiKeyListPage } from './api-key-list-page';

afterEach(() => vi.restoreAllMocks());

const KEY = 'blk_Ai4qRpMXsQBURnAAXu7wC6V3udR_diZi60wPr6vfVas';
const keys: ApiKey[] = [
  {
    id: 2,
    name: 'Web shop',
    shop: 'Bloomline shop',
    partner: null,
    prefix: 'blk_Ai4qRpMX',
    createdAt: '2026-11-20T08:00:00Z',
    lastUsedAt: '2026-11-27T09:30:00Z',
    revokedAt: null,
  },
  {
    id: 1,
    name: 'Old shop',
    shop: 'Petals till',
    partner: { id: 7, name: 'Protea Petals' },
    prefix: 'blk_zz9yXw8V',
    createdAt: '2026-01-05T08:00:00Z',
    lastUsedAt: null,
    revokedAt: '2026-11-01T10:00:00Z',
  },
];

describe('/system/api-keys', () => {
  it('lists each key by name and first characters, when made and last used, live or revoked', async () => {
    stubApi((url) => (url.pathname === '/api/api-keys' ? { body: { data: keys } } : undefined));
    const { container } = renderApp(<ApiKeyListPage />, { history: ['/system/api-keys'] });
    expect(await screen.findByRole('cell', { name: 'Web shop' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Shop',
      'For partner',
      'Key',
      'Created',
      'Last used',
      'Revoked',
      'Actions',
    ]);
    const live = screen.getByRole('row', { name: /Web shop/ });
    expect(live).toHaveTextContent('blk_Ai4qRpMX…');
    expect(live).toHaveTextContent('Live');
    expect(live).toHaveTextContent('Bloomline shop');
    const old = screen.getByRole('row', { name: /Old shop/ });
    expect(old).toHaveTextContent('Never');
    expect(old).toHaveTextContent('Petals till');
    expect(old).toHaveTextContent('Protea Petals');
    // A revoked key cannot be revoked again.
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says how to start when there is no key yet', async () => {
    stubApi((url) => (url.pathname === '/api/api-keys' ? { body: { data: [] } } : undefined));
    renderApp(<ApiKeyListPage />);
    expect(await screen.findByText('No API keys yet: add one for the shop.')).toBeInTheDocument();
  });

  it('makes a key and shows it once, with a copy button and the warning, until Done', async () => {
    let list: ApiKey[] = [];
    const spy = stubApi((url, init) => {
      if (url.pathname !== '/api/api-keys') return undefined;
      if (init.method === 'POST') {
        // A name the server refuses (another rule than the form's) shows under the field.
        if ((bodyOf(init) as { name: string }).name === 'Clash')
          return invalid({ name: ['This name is already taken.'] });
        list = [keys[0]!];
        const made = {
          id: 2,
          name: 'Web shop',
          shop: 'Web shop',
          partnerId: null,
          prefix: 'blk_Ai4qRpMX',
          key: KEY,
        };
        return { status: 201, body: { data: made } };
      }
      return { body: { data: list } };
    });
    renderApp(<ApiKeyListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    // Refused before sending, in the contract's words.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    expect(callsOf(spy).filter((c) => c.startsWith('POST'))).toEqual([]);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Clash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This name is already taken.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Web shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'API key "Web shop"' });
    expect(within(shown).getByLabelText('The new API key')).toHaveTextContent(KEY);
    expect(shown).toHaveTextContent('it is shown only this once and cannot be shown again');
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Once closed, the key is nowhere on the screen; the list shows it by its first characters.
    expect(await screen.findByRole('cell', { name: 'Web shop' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(KEY);
  });

  it("makes a partner's till key for a shop, and a replacement for the same shop and partner", async () => {
    const spy = stubApi((url, init) => {
      if (url.pathname === '/api/partners') {
        const all = [
          { id: 7, name: 'Protea Petals', partnerType: 'florist', enabled: true, city: 'Cape Town' },
          { id: 8, name: 'Fynbos & Co', partnerType: 'florist', enabled: true, city: 'Cape Town' },
        ];
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        return { body: { data: all.filter((p) => p.name.toLowerCase().includes(q)) } };
      }
      if (url.pathname !== '/api/api-keys') return undefined;
      if (init.method === 'POST') {
        const sent = bodyOf(init) as { name: string; shop: string; partnerId: string | null };
        const made = { id: 3, ...sent, partnerId: Number(sent.partnerId), prefix: 'blk_Ai4qRpMX', key: KEY };
        return { status: 201, body: { data: made } };
      }
      return { body: { data: keys } };
    });
    renderApp(<ApiKeyListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fynbos till');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Shop' }), 'Fynbos');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^For partner/ }), 'fyn');
    await userEvent.click(await screen.findByRole('option', { name: 'Fynbos & Co' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API key "Fynbos till"' });
    const posts = spy.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(bodyOf(posts[0]![1])).toEqual({ name: 'Fynbos till', shop: 'Fynbos', partnerId: '8' });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Replace: the old key's shop and partner, a new name.
    await userEvent.click(screen.getByRole('button', { name: 'Replace Old shop' }));
    const replace = await screen.findByRole('dialog', { name: 'Replace "Old shop"' });
    expect(within(replace).getByRole('textbox', { name: 'Shop' })).toHaveValue('Petals till');
    expect(within(replace).getByRole('textbox', { name: /^For partner/ })).toHaveValue('Protea Petals');
    await userEvent.click(within(replace).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API key "Old shop (new)"' });
    const second = spy.mock.calls.filter(([, init]) => init?.method === 'POST')[1]!;
    expect(bodyOf(second[1])).toEqual({ name: 'Old shop (new)', shop: 'Petals till', partnerId: '7' });
  });

  it('revokes a key after asking, naming it', async () => {
    const spy = stubApi((url, init) => {
      if (url.pathname === '/api/api-keys/2' && init.method === 'DELETE') return { status: 204 };
      return url.pathname === '/api/api-keys' ? { body: { data: keys } } : undefined;
    });
    renderApp(<ApiKeyListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Web shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent(
      'Revoke the key "Web shop"? Anything that sends orders with it is refused',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsOf(spy)).toContain('DELETE /api/api-keys/2'));
  });
});
