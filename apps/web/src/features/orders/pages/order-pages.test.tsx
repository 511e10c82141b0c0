import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { todayInJohannesburg } from '@bloomline/contract';

import {
  callsOf,
  orderSummary,
  pageOf,
  partnerUser,
  renderOrders,
  staffUser,
  stubApi,
} from '../orders.test-support';
import { OrderListPage } from './order-list-page';
import { TodayPage } from './today-page';

afterEach(() => vi.restoreAllMocks());

const listApi = () =>
  stubApi((url) =>
    url.pathname === '/api/orders' ? { body: pageOf([orderSummary()]) } : { body: { data: [] } },
  );
const orderCalls = (spy: ReturnType<typeof stubApi>) =>
  callsOf(spy).filter((c) => c.startsWith('GET /api/orders'));

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

describe('/orders/:status', () => {
  it('lists the orders of the path with the menu title', async () => {
    const spy = listApi();
    renderOrders(<OrderListPage />, { user: partnerUser, route: '/orders/open', path: '/orders/:status' });
    expect(screen.getByRole('heading', { level: 1, name: 'New orders (unaccepted)' })).toBeInTheDocument();
    await screen.findByText('#BL10234');
    expect(orderCalls(spy)[0]).toContain('filter=open');
    expect(orderCalls(spy)[0]).not.toContain('status=');
  });

  // Issue 36, point 3: the Filter dialog of part 1 on every order list, not only the dashboard's.
  it('narrows the list by a line status from the Filter dialog, the address keeping both', async () => {
    const spy = listApi();
    renderOrders(
      <>
        <OrderListPage />
        <Where />
      </>,
      { user: staffUser, route: '/orders/unassigned', path: '/orders/:status' },
    );
    await screen.findByText('#BL10234');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter orders' });
    expect(within(dialog).getByText('Orders with at least one line in this status.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Filter: Rejected' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/orders/unassigned?status=rejected',
    );
    await waitFor(() =>
      expect(
        orderCalls(spy).some((c) => c.includes('filter=unassigned') && c.includes('status=rejected')),
      ).toBe(true),
    );
  });

  it('uses the staff words for the same list', async () => {
    listApi();
    renderOrders(<OrderListPage />, {
      user: staffUser,
      route: '/orders/cancel-confirmed',
      path: '/orders/:status',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Cancelled' })).toBeInTheDocument();
    await screen.findByText('#BL10234');
  });
});

describe('/orders/today', () => {
  it("gives a partner today's deliveries", async () => {
    const spy = listApi();
    renderOrders(<TodayPage />, { user: partnerUser, route: '/orders/today', path: '/orders/today' });
    expect(screen.getByRole('heading', { level: 1, name: 'For Delivery Today' })).toBeInTheDocument();
    await screen.findByText('#BL10234');
    expect(orderCalls(spy)[0]).toContain('filter=today');
  });

  it('gives staff the delivery screen: today by default, one list per tab, the tab in the URL', async () => {
    const spy = listApi();
    const today = todayInJohannesburg();
    renderOrders(
      <>
        <TodayPage />
        <Where />
      </>,
      { user: staffUser, route: '/orders/today', path: '/orders/today' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'For delivery today' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Unassigned',
      'Unaccepted',
      'Accepted',
      'Fulfilled',
      'Delivered',
    ]);
    await screen.findByText('#BL10234');
    expect(orderCalls(spy)[0]).toContain(`filter=unassigned`);
    expect(orderCalls(spy)[0]).toContain(`sd=${today}&ed=${today}`);

    await userEvent.click(screen.getByRole('tab', { name: 'Unaccepted' }));
    await waitFor(() => expect(orderCalls(spy).some((c) => c.includes('filter=open'))).toBe(true));
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/orders/today?tab=open');

    // The tab's list narrowed by a line status, kept on the next tab.
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Accepted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(orderCalls(spy).some((c) => c.includes('filter=open') && c.includes('status=accepted'))).toBe(
        true,
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Delivered' }));
    await waitFor(() =>
      expect(
        orderCalls(spy).some((c) => c.includes('filter=delivered') && c.includes('status=accepted')),
      ).toBe(true),
    );
  });
});
