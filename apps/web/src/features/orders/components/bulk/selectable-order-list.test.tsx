import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BulkResult } from '@bloomline/contract';

import { pageOf as pageOfList } from '@/test/api-stub';
import { onPhone } from '@/test/phone';

import {
  bodyOf,
  callsOf,
  orderSummary,
  partnerUser,
  renderOrders,
  stubApi,
  urlOf,
} from '../../orders.test-support';
import { SelectableOrderList } from './selectable-order-list';

afterEach(() => vi.restoreAllMocks());

const orders = [
  orderSummary({ id: 1, name: '#BL10001' }),
  orderSummary({ id: 2, name: '#BL10002' }),
  orderSummary({ id: 3, name: '#BL10003' }),
];

/** The list's page (three of `total` orders), the select-all ids, and the bulk call's answer. */
function stub(result: BulkResult, total = 3) {
  return stubApi((url) => {
    if (url.pathname === '/api/orders') return { body: pageOfList(orders, { total, path: '/api/orders' }) };
    if (url.pathname === '/api/orders/ids')
      return {
        body: { data: [...orders, { id: 4, name: '#BL10004' }].map(({ id, name }) => ({ id, name })) },
      };
    if (url.pathname === '/api/orders/bulk') return { body: { data: result } };
    return { body: { data: [] } };
  });
}

const list = (params = {}) => (
  <SelectableOrderList params={{ filter: 'open', ...params }} onPage={() => undefined} label="Open" />
);

describe('<SelectableOrderList>', () => {
  it('staff tick orders, accept them on the partners’ behalf and read what happened to each', async () => {
    const spy = stub({
      done: [1],
      refused: [
        { id: 3, message: 'This order is accepted; "Accept" needs an item that is open with a partner.' },
      ],
    });
    renderOrders(list());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #BL10001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order #BL10003' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Accept (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept 2 orders?' });
    expect(dialog).toHaveTextContent("on the partners' behalf");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept 2 orders' }));

    await waitFor(() => expect(screen.getByText('1 accepted, 1 could not be:')).toBeInTheDocument());
    const notice = screen.getByText('1 accepted, 1 could not be:').closest('[role="status"]');
    expect(notice).toHaveTextContent(
      '#BL10003: This order is accepted; "Accept" needs an item that is open with a partner.',
    );
    const post = spy.mock.calls.find(([u]) => urlOf(u).includes('/api/orders/bulk'));
    expect(bodyOf(post?.[1])).toEqual({ action: 'accept', ids: [1, 3] });
    // The refused one stays selected, the accepted one is no longer.
    expect(screen.getByRole('checkbox', { name: 'Select order #BL10003' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #BL10001' })).not.toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('selects the page, then every order the filter matches', async () => {
    const spy = stub({ done: [], refused: [] }, 4);
    renderOrders(list({ q: 'smith' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all 4 matching' }));
    expect(await screen.findByText('4 selected')).toBeInTheDocument();
    expect(callsOf(spy)).toContain('GET /api/orders/ids?filter=open&q=smith');
  });

  it('offers staff Assign with the group’s partners, nearest first', async () => {
    const spy = stubApi((url) => {
      if (url.pathname === '/api/orders') return { body: pageOfList(orders, { path: '/api/orders' }) };
      if (url.pathname === '/api/orders/bulk/partners')
        return {
          body: {
            data: [
              {
                partner: {
                  id: 9,
                  name: 'Protea Petals',
                  rating: 4,
                  city: 'Cape Town',
                  partnerType: 'florist',
                },
                distance: 3.4,
                local: true,
              },
            ],
          },
        };
      if (url.pathname === '/api/orders/bulk') return { body: { data: { done: [1, 2], refused: [] } } };
      return { body: { data: [] } };
    });
    renderOrders(list({ filter: 'unassigned' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #BL10001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order #BL10002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign the unassigned items' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Protea Petals/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 assigned.')).toBeInTheDocument();
    expect(callsOf(spy)).toContain('GET /api/orders/bulk/partners?ids=1%2C2');
    const post = spy.mock.calls.find(
      ([u]) => urlOf(u).includes('/api/orders/bulk') && !urlOf(u).includes('partners'),
    );
    expect(bodyOf(post?.[1])).toEqual({ action: 'assign', ids: [1, 2], partnerId: 9 });
  });

  it('gives a partner their three actions and no Assign or Cancel', async () => {
    stub({ done: [], refused: [] });
    renderOrders(list(), { user: partnerUser });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select order #BL10001' }));
    const actions = screen.getByRole('group', { name: 'Actions on the selected orders' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept (1)', 'Fulfill (1)', 'Deliver (1)']);
  });

  describe('on a phone', () => {
    onPhone();

    it('a florist accepts the morning’s orders in three taps: Select all, Accept, confirm', async () => {
      const spy = stub({ done: [1, 2, 3, 4], refused: [] }, 3);
      renderOrders(list(), { user: partnerUser });
      // No boxes until asked for.
      await screen.findByText('#BL10001');
      expect(screen.queryByRole('checkbox', { name: 'Select order #BL10001' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Select all 3' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Accept (4)' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept 4 orders' }),
      );
      expect(await screen.findByText('4 accepted.')).toBeInTheDocument();
      const post = spy.mock.calls.find(([u]) => urlOf(u).includes('/api/orders/bulk'));
      expect(bodyOf(post?.[1])).toEqual({ action: 'accept', ids: [1, 2, 3, 4] });
    });

    it('"Select" shows a large box on each card; Done puts them away', async () => {
      stub({ done: [], refused: [] });
      renderOrders(list(), { user: partnerUser });
      await userEvent.click(await screen.findByRole('button', { name: 'Select' }));
      expect(screen.getAllByRole('checkbox', { name: /^Select order/ })).toHaveLength(3);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(screen.queryAllByRole('checkbox', { name: /^Select order/ })).toHaveLength(0);
    });
  });
});
