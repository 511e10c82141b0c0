import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { orderLine, partnerUser, renderOrders, staffUser, stubApi } from '../../orders.test-support';
import { LineCard } from './line-card';

afterEach(() => vi.restoreAllMocks());

const line = orderLine({
  status: 'return',
  returns: [
    { id: 4, name: 'R-1004', status: 'open', quantity: 1, reason: 'Damaged', reasonNote: 'Stems broken' },
  ],
  hasRefund: true,
  refunds: [{ id: 9, name: 'RF-1009' }],
});

describe('a line with a return and a refund', () => {
  it('links each by name to its page for staff', () => {
    stubApi(() => undefined);
    renderOrders(<LineCard orderId={1} line={line} isStaff />, { user: staffUser });
    expect(screen.getByRole('link', { name: 'R-1004' })).toHaveAttribute('href', '/orders/returns/4');
    expect(screen.getByRole('link', { name: 'RF-1009' })).toHaveAttribute('href', '/orders/refunds/9');
    expect(screen.getByText(/1 returned: Damaged \(Stems broken\)/)).toBeInTheDocument();
  });

  it('names them without links for a partner, who cannot open those pages', () => {
    stubApi(() => undefined);
    renderOrders(<LineCard orderId={1} line={line} isStaff={false} />, { user: partnerUser });
    expect(screen.getByText(/^R-1004: 1 returned: Damaged/)).toBeInTheDocument();
    expect(screen.getByText('RF-1009')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
