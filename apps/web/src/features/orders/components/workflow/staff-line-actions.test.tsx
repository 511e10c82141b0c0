import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LINE_ACTIONS, LINE_STATUS_TEXT, lineActionsFor } from '@bloomline/contract';

import { bodyOf, callsOf, orderLine, renderOrders, stubApi } from '../../orders.test-support';
import { StaffLineActions } from './staff-line-actions';

afterEach(() => vi.restoreAllMocks());

const ok = () => stubApi(() => ({ body: { data: { id: 11, status: 'accepted' }, message: 'Done' } }));
const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('<StaffLineActions>', () => {
  it('offers Accept, Reject and Reassign for an open line with a partner', () => {
    ok();
    renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'open' })} />);
    expect(buttonNames()).toEqual([LINE_ACTIONS.accept.label, LINE_ACTIONS.reject.label, 'Reassign']);
  });

  it('offers only Assign for a line without a partner', () => {
    ok();
    renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'open', partner: null })} />);
    expect(buttonNames()).toEqual(['Assign']);
  });

  it('offers Fulfill and Cancel for an accepted line, and posts the id in the body', async () => {
    const spy = ok();
    renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'accepted' })} />);
    // In the workflow table's order.
    expect(buttonNames()).toEqual(
      lineActionsFor({ status: 'accepted', hasPartner: true }).map((a) => LINE_ACTIONS[a].label),
    );
    expect(buttonNames()).toEqual(['Cancel', 'Fulfill']);
    await userEvent.click(screen.getByRole('button', { name: 'Fulfill' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(LINE_ACTIONS.fulfill.confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/fulfill-order-line'));
    const [, init] = spy.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(bodyOf(init)).toEqual({ id: 11 });
  });

  it('posts to the line path for cancellation answers', async () => {
    const spy = ok();
    renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'cancel-requested' })} />);
    expect(buttonNames()).toEqual(['Accept cancellation', 'Reject cancellation']);
    await userEvent.click(screen.getByRole('button', { name: 'Accept cancellation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsOf(spy)).toContain('POST /api/order-lines/11/cancel-confirmed'));
  });

  it('shows only a text for held, returned and cancelled lines, and nothing once delivered', () => {
    ok();
    const { unmount } = renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'hold' })} />);
    expect(screen.getByText(LINE_STATUS_TEXT.hold!)).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    unmount();
    renderOrders(<StaffLineActions orderId={1} line={orderLine({ status: 'delivered' })} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByText(/./)).not.toBeInTheDocument();
  });
});
