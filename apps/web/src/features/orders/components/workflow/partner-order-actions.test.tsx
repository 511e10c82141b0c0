import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ORDER_DELIVERED_TEXT, ORDER_ON_HOLD_TEXT, type LineStatus } from '@bloomline/contract';

import { NEEDS_CONNECTION, NOT_AVAILABLE_OFFLINE } from '@/api/client';
import { createQueryClient } from '@/api/query-client';

import { OrderDetailPage } from '../../pages/order-detail-page';
import {
  callsOf,
  orderDetail,
  partnerUser,
  renderOrders,
  stubApi,
  type Handler,
} from '../../orders.test-support';

afterEach(() => vi.restoreAllMocks());

const detailApi =
  (status: LineStatus): Handler =>
  (url, init) => {
    if (init.method === 'POST') return { body: { data: { id: 1, status: 'accepted' }, message: 'Done' } };
    if (url.pathname === '/api/orders/1') return { body: { data: orderDetail({ status }) } };
    if (url.pathname === '/api/orders/1/onpayment') return { body: { data: { 'Delivery fee': 95 } } };
    if (url.pathname === '/api/orders/1/history') return { body: { data: [] } };
    return undefined;
  };

const renderDetail = () =>
  renderOrders(<OrderDetailPage />, { user: partnerUser, route: '/order/1', path: '/order/:id' });

describe('partner order workflow', () => {
  it('offers Accept order and Reject order for an open order, and asks before accepting', async () => {
    const spy = stubApi(detailApi('open'));
    renderDetail();
    const accept = await screen.findByRole('button', { name: 'Accept order' });
    expect(screen.getByRole('button', { name: 'Reject order' })).toBeInTheDocument();

    await userEvent.click(accept);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You feel confident that you can fulfill the order.');
    expect(callsOf(spy).some((c) => c.startsWith('POST'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/orders/1/accept'));
  });

  it('shows the help text beside Fulfill order', async () => {
    stubApi(detailApi('accepted'));
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Fulfill order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Un-Accept order' })).toBeInTheDocument();
    expect(
      screen.getByText('If there is any issue fulfilling the order, please contact us.'),
    ).toBeInTheDocument();
  });

  it('shows only a text when the order is on hold or delivered', async () => {
    stubApi(detailApi('hold'));
    const { unmount } = renderDetail();
    expect(await screen.findByText(ORDER_ON_HOLD_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /order$/ })).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    stubApi(detailApi('delivered'));
    renderDetail();
    expect(await screen.findByText(ORDER_DELIVERED_TEXT)).toBeInTheDocument();
  });

  it('reports a refusal (409) without leaving the page', async () => {
    const spy = stubApi((url, init) =>
      init.method === 'POST'
        ? { status: 409, body: { message: 'This order is already accepted.' } }
        : detailApi('open')(url, init),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The order was fetched again after the refusal.
    expect(callsOf(spy).filter((c) => c === 'GET /api/orders/1').length).toBeGreaterThan(1);
  });

  it("says 'Order not found' for a 404", async () => {
    stubApi(() => undefined);
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

// Issue 36, point 8: offline never traps anyone. The app's own query client: its retries, offline.
describe('partner order workflow offline', () => {
  const goOffline = () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    // The network is gone: every request fails as fetch does.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  };
  afterEach(() => onlineManager.setOnline(true));

  it('says at once that Accept needs a connection, and the dialog closes', async () => {
    stubApi(detailApi('open'));
    renderOrders(<OrderDetailPage />, {
      user: partnerUser,
      route: '/order/1',
      path: '/order/:id',
      queryClient: createQueryClient(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept order' }));
    vi.restoreAllMocks();
    goOffline();
    const dialog = await screen.findByRole('dialog', { name: 'Accept order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toBeEnabled());
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a screen not kept for offline use is not available offline, instead of loading for ever', async () => {
    goOffline();
    renderOrders(<OrderDetailPage />, {
      user: partnerUser,
      route: '/order/1',
      path: '/order/:id',
      queryClient: createQueryClient(),
    });
    expect(await screen.findByText(NOT_AVAILABLE_OFFLINE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
