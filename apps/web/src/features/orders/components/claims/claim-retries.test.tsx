import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { IDEMPOTENCY_HEADER } from '@bloomline/contract';

import { renderApp } from '@/test/render';

import { orderDetail, orderLine } from '../../orders.test-support';
import { OrderClaimActions } from './order-claim-actions';

// Issue 46, point 3: the Refund dialog sends one Idempotency-Key per opening, the same on every submit of
// that opening (a second click, a retry after a lost answer), so the server records one refund; the next
// opening sends a new one.

afterEach(() => vi.restoreAllMocks());

const order = orderDetail({
  id: 31,
  totalValue: 215,
  deliveryFee: 95,
  lines: [orderLine({ id: 12, title: 'Vase', quantity: 1, value: 120, status: 'delivered', partner: null })],
});

/** The first POST's answer is lost (the connection drops); later ones are answered 201. */
function serverLosingFirstAnswer() {
  let posts = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init = {}) => {
    if (init.method !== 'POST') return new Response(null, { status: 404 });
    posts += 1;
    if (posts === 1) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ data: { id: 8 } }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const keysSent = (spy: ReturnType<typeof serverLosingFirstAnswer>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);

async function fillRefund() {
  await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '50');
  return dialog;
}

describe('Refund dialog', () => {
  it('sends the same key when the first answer was lost, and a new one when opened again', async () => {
    const spy = serverLosingFirstAnswer();
    renderApp(
      <>
        <OrderClaimActions order={order} />
        <Notifications />
      </>,
      { history: ['/order/31'], path: '/order/:id', others: { '/orders/refunds/:id': <p>Refund page</p> } },
    );
    let dialog = await fillRefund();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Could not reach the server/);
    // Closed and opened again: a new form, a new key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await fillRefund();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await screen.findByText('Refund page')).toBeInTheDocument();
    const [first, second] = keysSent(spy);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('retries under the same key after a lost answer', async () => {
    const spy = serverLosingFirstAnswer();
    renderApp(
      <>
        <OrderClaimActions order={order} />
        <Notifications />
      </>,
      { history: ['/order/31'], path: '/order/:id', others: { '/orders/refunds/:id': <p>Refund page</p> } },
    );
    const dialog = await fillRefund();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Could not reach the server/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await screen.findByText('Refund page')).toBeInTheDocument();
    const keys = keysSent(spy);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
