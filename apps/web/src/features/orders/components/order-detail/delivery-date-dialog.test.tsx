import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/api/client';
import { invalid } from '@/test/api-stub';
import { errorMessage } from '@/ui';

import { bodyOf, callsOf, renderOrders, stubApi } from '../../orders.test-support';
import { DELIVERY_DATE_DIALOG_TITLE, DeliveryDateDialog } from './delivery-date-dialog';

afterEach(() => vi.restoreAllMocks());

const PATH = '/api/orders/5/delivery-date';

function open(current: string | null, reply: Parameters<typeof stubApi>[0]) {
  const spy = stubApi(reply);
  const onClose = vi.fn();
  renderOrders(
    <>
      <DeliveryDateDialog opened onClose={onClose} orderId={5} current={current} />
      <Notifications />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: DELIVERY_DATE_DIALOG_TITLE });
  return { spy, onClose, dialog, update: within(dialog).getByRole('button', { name: 'Update' }) };
}

describe('<DeliveryDateDialog>', () => {
  it('sends the date as deliveryDate and closes, without a toast', async () => {
    const { spy, onClose, update } = open('2026-06-01', (url, init) =>
      url.pathname === PATH && init.method === 'PUT' ? { body: { data: {} } } : undefined,
    );
    await userEvent.click(update);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ deliveryDate: '2026-06-01' });
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('sends nothing while no date is set', () => {
    const { spy, update } = open(null, () => undefined);
    expect(update).toBeDisabled();
    expect(callsOf(spy).filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('shows a 422 under the date and stays open', async () => {
    const { onClose, dialog, update } = open('2026-06-01', (url) =>
      url.pathname === PATH ? invalid({ deliveryDate: ['The delivery date is in the past.'] }) : undefined,
    );
    await userEvent.click(update);
    expect(await within(dialog).findByText('The delivery date is in the past.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the order moved on for a 409 and closes', async () => {
    const { onClose, update } = open('2026-06-01', (url) =>
      url.pathname === PATH ? { status: 409, body: { message: 'The order is delivered.' } } : undefined,
    );
    await userEvent.click(update);
    expect(await screen.findByText('This order has moved on')).toBeInTheDocument();
    expect(screen.getByText('The order is delivered.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('shows any other failure in the form error and stays open', async () => {
    const { onClose, dialog, update } = open('2026-06-01', (url) =>
      url.pathname === PATH ? { status: 500, body: { message: 'Server Error' } } : undefined,
    );
    await userEvent.click(update);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      errorMessage(new ApiError(500, 'Server Error')),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
