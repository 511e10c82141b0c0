import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SearchResult } from '@bloomline/contract';

import { callsOf, stubApi } from '@/test/api-stub';
import { renderApp, Where } from '@/test/render';

import { SearchLauncher } from './search-launcher';

afterEach(() => vi.restoreAllMocks());

const results: SearchResult[] = [
  {
    type: 'order',
    id: 12,
    title: '#BL10012',
    subtitle: 'Thandi Nkosi · delivery 2026-03-05',
    url: '/order/12',
  },
  {
    type: 'order',
    id: 13,
    title: '#BL10013',
    subtitle: 'Sipho Nkosi · delivery 2026-03-06',
    url: '/order/13',
  },
  { type: 'customer', id: 4, title: 'Nkosi Holdings', subtitle: null, url: '/customers?q=Nkosi%20Holdings' },
  { type: 'screen', id: '/orders/open', title: 'Open', subtitle: 'Orders', url: '/orders/open' },
];

function setup() {
  const spy = stubApi((url) => (url.pathname === '/api/search' ? { body: { data: results } } : undefined));
  renderApp(<SearchLauncher compact={false} />, {
    history: ['/dashboard'],
    path: '/dashboard',
    others: { '*': <Where /> },
  });
  return spy;
}

describe('<SearchLauncher>', () => {
  it('opens with Ctrl+K, finds as you type, groups what it finds, and Enter opens the first', async () => {
    const spy = setup();
    await userEvent.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box).toHaveFocus();
    expect(screen.getByText(/Type an order number, a name/)).toBeInTheDocument();
    await userEvent.type(box, 'nkosi');
    expect(await screen.findByText('#BL10012')).toBeInTheDocument();
    expect(screen.getByText('Thandi Nkosi · delivery 2026-03-05')).toBeInTheDocument();
    const options = (group: string) =>
      screen.getByRole('group', { name: group }).querySelectorAll('[role="option"]').length;
    expect([options('Orders'), options('Customers'), options('Screens')]).toEqual([2, 1, 1]);
    // The first is the one Enter opens, as a screen reader hears it.
    expect(box).toHaveAttribute('aria-activedescendant', 'search-result-0');
    expect(screen.getByRole('option', { name: /#BL10012/ })).toHaveAttribute('aria-selected', 'true');
    // One request for the word, not one per key.
    await waitFor(() => expect(callsOf(spy)).toContain('GET /api/search?q=nkosi'));
    expect(callsOf(spy).filter((c) => c.startsWith('GET /api/search'))).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/order/12');
  });

  it('moves with the arrows and opens the one chosen', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'nkosi');
    await screen.findByText('#BL10013');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent(
      '/customers?q=Nkosi%20Holdings',
    );
  });

  it('says when nothing is found, and asks nothing of the server for one letter', async () => {
    const spy = stubApi((url) => (url.pathname === '/api/search' ? { body: { data: [] } } : undefined));
    renderApp(<SearchLauncher compact />, { history: ['/'], path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await userEvent.type(box, 'z');
    await new Promise((r) => setTimeout(r, 300));
    expect(callsOf(spy)).toEqual([]);
    await userEvent.type(box, 'q');
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});
