import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SavedView } from '@bloomline/contract';

import { invalid } from '@/test/api-stub';

import { bodyOf, partnerUser, renderOrders, stubApi, urlOf } from '../../orders.test-support';
import { SavedViewTabs } from './saved-view-tabs';
import { viewAddress } from './view-address';

afterEach(() => vi.restoreAllMocks());

const mine: SavedView = {
  id: 1,
  name: 'Cape Town unassigned',
  query: 'p=3&filter=unassigned',
  shared: false,
  mine: true,
  owner: null,
};
const theirs: SavedView = {
  id: 2,
  name: 'Late',
  query: 'filter=accepted&ed=2026-02-01',
  shared: true,
  mine: false,
  owner: 'Cleo Colleague',
};

function stub(views: SavedView[], save?: { status?: number; body?: unknown }) {
  return stubApi((url, init) => {
    if (url.pathname === '/api/views' && (init.method ?? 'GET') === 'GET') return { body: { data: views } };
    if (url.pathname === '/api/views') return save ?? { status: 201, body: { data: { ...mine, id: 5 } } };
    if (url.pathname.startsWith('/api/views/')) return { body: { data: mine } };
    return undefined;
  });
}

describe('<SavedViewTabs>', () => {
  it('links each view to its address and marks the one on screen; shared ones say who shared them', async () => {
    stub([mine, theirs]);
    renderOrders(
      <SavedViewTabs params={{ filter: 'unassigned', p: 3, page: 2, s: 'created_at', d: 'desc' }} />,
    );
    const nav = await screen.findByRole('navigation', { name: 'Saved views' });
    const open = await within(nav).findByRole('link', { name: 'Cape Town unassigned' });
    expect(open).toHaveAttribute('href', '/orders/unassigned?p=3');
    expect(open).toHaveAttribute('aria-current', 'page');
    const shared = within(nav).getByRole('link', { name: 'Late, shared by Cleo Colleague' });
    expect(shared).toHaveAttribute('href', '/orders/accepted?ed=2026-02-01');
    expect(shared).not.toHaveAttribute('aria-current');
    // The filters on screen are a view already: nothing to save, the view's own options instead.
    expect(within(nav).queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument();
    expect(
      within(nav).getByRole('button', { name: 'Options of the view Cape Town unassigned' }),
    ).toBeInTheDocument();
  });

  it('saves the filters on screen under a name, shared with staff when asked', async () => {
    const spy = stub([]);
    renderOrders(<SavedViewTabs params={{ filter: 'open', q: 'smith', page: 3 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Smith orders');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with all staff' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      list: 'orders',
      name: 'Smith orders',
      query: 'q=smith&filter=open',
      shared: true,
    });
  });

  it('refuses a blank name under the field before sending, and shows the server’s refusal', async () => {
    const spy = stub([], invalid({ name: ['You can keep at most 30 views of a list; delete one first.'] }));
    renderOrders(<SavedViewTabs params={{ filter: 'open' }} />, { user: partnerUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    // A partner shares nothing.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(
      await within(dialog).findByText('You can keep at most 30 views of a list; delete one first.'),
    ).toBeInTheDocument();
  });

  it('moves, shares and deletes the open view from its options', async () => {
    const spy = stub([{ ...mine, id: 7, name: 'First', query: 'q=a' }, mine]);
    renderOrders(<SavedViewTabs params={{ filter: 'unassigned', p: 3 }} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Options of the view Cape Town unassigned' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move left' }));
    await waitFor(() => expect(spy.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = spy.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(put && urlOf(put[0])).toContain('/api/views/1');
    expect(bodyOf(put?.[1])).toEqual({ position: 0 });

    await userEvent.click(screen.getByRole('button', { name: 'Options of the view Cape Town unassigned' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the view Cape Town unassigned?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(spy.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(true));
  });

  it('opens each view on the screen of its filter', () => {
    expect(viewAddress('')).toBe('/dashboard');
    expect(viewAddress('q=smith')).toBe('/dashboard?q=smith');
    expect(viewAddress('filter=today&p=2')).toBe('/orders/today?p=2');
    expect(viewAddress('filter=cancel-confirmed')).toBe('/orders/cancel-confirmed');
  });
});
