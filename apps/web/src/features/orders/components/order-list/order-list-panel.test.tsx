import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onPhone } from '@/test/phone';

import {
  callsOf,
  orderSummary,
  pageOf,
  partnerUser,
  renderOrders,
  staffUser,
  stubApi,
} from '../../orders.test-support';
import { OrderListPanel } from './order-list-panel';

afterEach(() => vi.restoreAllMocks());

const ordersCalls = (spy: ReturnType<typeof stubApi>) =>
  callsOf(spy).filter((c) => c.startsWith('GET /api/orders'));

describe('<OrderListPanel>', () => {
  it("says 'No orders to display' when the list is empty", async () => {
    stubApi((url) => (url.pathname === '/api/orders' ? { body: pageOf([]) } : { body: { data: [] } }));
    renderOrders(<OrderListPanel />);
    expect(await screen.findByText('No orders to display')).toBeInTheDocument();
  });

  it('shows each order with its recipient, value and a View link', async () => {
    stubApi((url) =>
      url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
    );
    renderOrders(<OrderListPanel />);
    const list = await screen.findByRole('list', { name: 'Orders' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(row).toHaveTextContent('#BL10234');
    expect(row).toHaveTextContent('Lerato Mokoena');
    expect(within(row).getByText('Value (Incl delivery)')).toBeInTheDocument();
    expect(row).toHaveTextContent('R 1 234,50');
    expect(row).toHaveTextContent('Fri 05 Jan 2024');
    expect(row).toHaveTextContent('Mon 08 Jan 2024');
    expect(within(row).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/order/1');
  });

  it('cycles the sort through created date and order number, each way', async () => {
    const spy = stubApi((url) =>
      url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
    );
    renderOrders(<OrderListPanel />, { user: partnerUser });
    const toggle = await screen.findByRole('button', { name: /^Sort:/ });
    expect(toggle).toHaveTextContent('Sort: Created date, newest first');
    expect(ordersCalls(spy)[0]).toContain('s=created_at&d=desc');

    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await userEvent.click(screen.getByRole('button', { name: /^Sort:/ }));
      seen.push(screen.getByRole('button', { name: /^Sort:/ }).textContent ?? '');
    }
    expect(seen).toEqual([
      'Sort: Created date, oldest first',
      'Sort: Order number, ascending',
      'Sort: Order number, descending',
      'Sort: Created date, newest first',
    ]);
    await waitFor(() => expect(ordersCalls(spy).some((c) => c.includes('s=name&d=asc'))).toBe(true));
  });

  it('lets staff open an order to see its lines by partner; partners see one badge', async () => {
    const order = orderSummary({
      lines: [
        {
          id: 1,
          title: 'Roses',
          quantity: 2,
          value: 100,
          status: 'accepted',
          partner: { id: 7, name: 'Petals & Co' },
          productVariantId: 3,
          giftMessage: null,
          customName: null,
        },
        {
          id: 2,
          title: 'Chocolates',
          quantity: 1,
          value: 80,
          status: 'open',
          partner: null,
          productVariantId: null,
          giftMessage: null,
          customName: null,
        },
      ],
    });
    stubApi((url) => (url.pathname === '/api/orders' ? { body: pageOf([order]) } : { body: { data: [] } }));
    renderOrders(<OrderListPanel />, { user: staffUser });
    await userEvent.click(await screen.findByRole('button', { name: /^Lines/ }));
    expect(await screen.findByText('Petals & Co')).toBeInTheDocument();
    expect(screen.getByText('No partner assigned')).toBeInTheDocument();
    expect(screen.getByText('unassigned')).toBeInTheDocument();
  });

  it('offers partners no partner picker and no breakdown', async () => {
    stubApi((url) =>
      url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
    );
    renderOrders(<OrderListPanel />, { user: partnerUser });
    await screen.findByText('#BL10234');
    expect(screen.queryByRole('textbox', { name: 'Partner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Lines/ })).not.toBeInTheDocument();
  });

  it('keeps the line-status filter in the URL and sends it', async () => {
    const spy = stubApi((url) =>
      url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
    );
    renderOrders(<OrderListPanel />, { user: partnerUser, route: '/dashboard?status=accepted&q=rose' });
    await screen.findByText('#BL10234');
    expect(ordersCalls(spy)[0]).toContain('status=accepted');
    expect(ordersCalls(spy)[0]).toContain('q=rose');
    expect(ordersCalls(spy)[0]).not.toContain('filter=');
    expect(screen.getByRole('button', { name: 'Filter: Accepted' })).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    stubApi((url) =>
      url.pathname === '/api/orders'
        ? { status: 403, body: { message: 'This action is unauthorized.' } }
        : undefined,
    );
    renderOrders(<OrderListPanel />);
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('<OrderListPanel> on a phone', () => {
  onPhone();

  it('shows each order as a card of labelled fields with View and Lines', async () => {
    stubApi((url) =>
      url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
    );
    renderOrders(<OrderListPanel />, { user: staffUser });
    const list = await screen.findByRole('list', { name: 'Orders' });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Order', 'Recipient', 'Created', 'Delivery', 'Value (Incl delivery)', 'Status']);
    expect(card).toHaveTextContent('Lerato Mokoena');
    expect(within(card).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/order/1');
    expect(within(card).getByRole('button', { name: /^Lines/ })).toBeInTheDocument();
  });
});
