import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { todayInJohannesburg } from '@bloomline/contract';

import { callsOf, orderSummary, pageOf, partnerUser, renderOrders, staffUser, stubApi } from '../test-utils';
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
  it('lists the orders of the path with the menu title, and no Filter dialog', async () => {
    const spy = listApi();
    renderOrders(<OrderListPage />, { user: partnerUser, route: '/orders/open', path: '/orders/:status' });
    expect(screen.getByRole('heading', { level: 1, name: 'New orders (unaccepted)' })).toBeInTheDocument();
    await screen.findByText('#BL10234');
    expect(orderCalls(spy)[0]).toContain('filter=open');
    expect(screen.queryByRole('button', { name: /^Filter/ })).not.toBeInTheDocument();
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
  });
});
