import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { callsOf, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';

import { orderDetail, orderLine } from '../../orders.test-support';
import { StaffCancelOrder } from './staff-cancel-order';

afterEach(() => vi.restoreAllMocks());

describe('Cancel order (staff)', () => {
  it('says item by item what will happen, then asks the server to cancel', async () => {
    const spy = stubApi((url, init) =>
      url.pathname === '/api/orders/1/cancel' && init.method === 'POST'
        ? { body: { data: { id: 1, status: 'cancel-requested' }, message: 'Done' } }
        : undefined,
    );
    const order = orderDetail({
      status: 'accepted',
      lines: [
        orderLine({ id: 1, title: 'Roses', status: 'open', partner: null }),
        orderLine({ id: 2, title: 'Lilies', status: 'accepted', partner: { id: 7, name: 'Petals & Co' } }),
        orderLine({ id: 3, title: 'Card', status: 'delivered' }),
      ],
    });
    renderApp(<StaffCancelOrder order={order} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #BL10234?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Roses: cancelled at once.',
      'Lilies: Petals & Co has accepted it: they are asked to confirm the cancellation.',
      'Card: stays delivered: it can no longer be cancelled.',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/orders/1/cancel'));
  });

  it('is not offered when nothing on the order can be cancelled', () => {
    stubApi(() => undefined);
    renderApp(
      <StaffCancelOrder
        order={orderDetail({ status: 'delivered', lines: [orderLine({ status: 'delivered' })] })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});
