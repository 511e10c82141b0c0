import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { orderDetail, partnerUser, renderOrders, stubApi } from '../../orders.test-support';
import { OrderDetailView } from './order-detail-view';

afterEach(() => vi.restoreAllMocks());

describe('<OrderDetailView>', () => {
  // Issue 36, point 4: a record page links to its own audit entries instead of asking for a type and an id.
  it('links staff to the order’s audit entries', async () => {
    stubApi(() => ({ body: { data: [] } }));
    renderOrders(<OrderDetailView order={orderDetail({ id: 42 })} />);
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/audit?pT=order&pI=42',
    );
  });

  it('shows a partner no audit link (the audit is staff’s)', async () => {
    stubApi(() => ({ body: { data: [] } }));
    renderOrders(<OrderDetailView order={orderDetail({ id: 42 })} />, { user: partnerUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #BL10234' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
  });
});
