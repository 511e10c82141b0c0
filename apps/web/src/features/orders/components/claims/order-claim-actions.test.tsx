import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CLAIM_TEXTS } from '@bloomline/contract';

import { invalid } from '@/test/api-stub';
import { axeViolations } from '@/test/axe';
import { renderApp } from '@/test/render';

import { bodyOf, orderDetail, orderLine, stubApi } from '../../orders.test-support';
import { OrderClaimActions } from './order-claim-actions';

afterEach(() => vi.restoreAllMocks());

/**
 * Delivered: 2 roses (one returned already) and a vase; a card still open. Value with delivery R 1 234,50, of
 * which R 34,50 was refunded already: R 1 200,00 left to refund.
 */
const order = orderDetail({
  id: 31,
  totalValue: 1234.5,
  deliveryFee: 95,
  refundLeft: 1200,
  lines: [
    orderLine({
      id: 11,
      title: 'Roses',
      quantity: 2,
      status: 'delivered',
      returns: [{ id: 1, name: 'R-1', status: 'open', quantity: 1, reason: 'Late', reasonNote: null }],
    }),
    orderLine({ id: 12, title: 'Vase', quantity: 1, value: 120, status: 'delivered', partner: null }),
    orderLine({ id: 13, title: 'Card', status: 'open' }),
  ],
});

function open() {
  return renderApp(
    <>
      <OrderClaimActions order={order} />
      <Notifications />
    </>,
    {
      history: ['/order/31'],
      path: '/order/:id',
      others: { '/orders/returns/:id': <p>Return page</p>, '/orders/refunds/:id': <p>Refund page</p> },
    },
  );
}

describe('Return lines', () => {
  it('offers the delivered lines with what is left, refuses a line without a reason, and opens the return', async () => {
    const spy = stubApi((url, init) =>
      url.pathname === '/api/orders/31/returns' && init.method === 'POST'
        ? { status: 201, body: { data: { id: 5 } } }
        : undefined,
    );
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Return lines' }));
    const dialog = screen.getByRole('dialog', { name: 'Return lines' });
    const roses = within(dialog).getByRole('group', { name: /Roses/ });
    const quantity = within(roses).getByRole('combobox', { name: /Quantity returned/ });
    // 2 delivered, 1 returned already: 0 or 1.
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0', '1']);
    expect(within(dialog).queryByRole('group', { name: /Card/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(await within(dialog).findByText('Choose how many of a line came back.')).toBeInTheDocument();
    await userEvent.selectOptions(quantity, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(await within(roses).findByText('Reason is required.')).toBeInTheDocument();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(roses).getByRole('textbox', { name: /^Reason/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Damaged on delivery' }));
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(await screen.findByText('Return page')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      lines: [{ orderLineId: 11, quantity: 1, reason: 'Damaged on delivery', note: '' }],
    });
  });

  it("puts the server's refusal under the line it is about", async () => {
    stubApi((url, init) =>
      url.pathname === '/api/orders/31/returns' && init.method === 'POST'
        ? invalid({ 'lines.0.quantity': [CLAIM_TEXTS.returnQuantityAbove(0)] })
        : undefined,
    );
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Return lines' }));
    const dialog = screen.getByRole('dialog', { name: 'Return lines' });
    const vase = within(dialog).getByRole('group', { name: /Vase/ });
    await userEvent.selectOptions(within(vase).getByRole('combobox', { name: /Quantity returned/ }), '1');
    await userEvent.click(within(vase).getByRole('textbox', { name: /^Reason/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Late delivery' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(await within(vase).findByText(CLAIM_TEXTS.returnQuantityAbove(0))).toBeInTheDocument();
  });
});

describe('Refund', () => {
  it('shows and refuses more than is left to refund before sending, then opens the refund of the lines chosen', async () => {
    const spy = stubApi((url, init) =>
      url.pathname === '/api/orders/31/refunds' && init.method === 'POST'
        ? { status: 201, body: { data: { id: 8 } } }
        : undefined,
    );
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund' });
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveAccessibleDescription(
      'R 1 200,00 left to refund on this order.',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '1 200,01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await within(dialog).findByText(CLAIM_TEXTS.refundAboveLeft('R 1 200,00'))).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the lines refunded.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Amount/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '150,5');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Vase/ }));
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open refund' }));
    expect(await screen.findByText('Refund page')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ amount: 150.5, lines: [12], reason: '' });
  });
});
