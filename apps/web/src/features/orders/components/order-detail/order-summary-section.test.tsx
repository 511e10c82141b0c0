import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { orderDetail, orderLine, renderOrders, stubApi } from '../../orders.test-support';
import { OrderSummarySection } from './order-summary-section';

afterEach(() => vi.restoreAllMocks());

// Issue 46: a delivered (any line) or cancelled order keeps its delivery date; staff are told why instead of
// being offered the dialog the server would refuse (409).
describe('<OrderSummarySection> delivery date', () => {
  it('offers staff the change while nothing is delivered', () => {
    stubApi(() => undefined);
    renderOrders(
      <OrderSummarySection
        order={orderDetail({ status: 'accepted', lines: [orderLine({ status: 'accepted' })] })}
        isStaff
      />,
    );
    expect(screen.getByRole('button', { name: 'Update delivery date' })).toBeInTheDocument();
  });

  it.each([
    ['a line delivered', 'accepted', ['delivered', 'accepted']],
    ['a line returned', 'return', ['return']],
    ['cancelled', 'cancel-confirmed', ['cancel-confirmed']],
  ] as const)('says why and offers nothing once %s', (_, status, lines) => {
    stubApi(() => undefined);
    renderOrders(
      <OrderSummarySection
        order={orderDetail({ status, lines: lines.map((s) => orderLine({ status: s })) })}
        isStaff
      />,
    );
    expect(screen.queryByRole('button', { name: /delivery date/ })).not.toBeInTheDocument();
    expect(screen.getByText('Delivered orders keep their delivery date.')).toBeInTheDocument();
  });
});
