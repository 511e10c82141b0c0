import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderOrders, staffUser, stubApi } from '../../orders.test-support';
import { AdjustmentsSection } from './adjustments-section';

afterEach(() => vi.restoreAllMocks());

describe('Adjustments (issue 46)', () => {
  it('lists a credit note and a refund deduction, below zero, even when their ids are the same', () => {
    stubApi(() => undefined);
    const petals = { id: 7, name: 'Petals & Co' };
    renderOrders(
      <AdjustmentsSection
        adjustments={[
          {
            id: 3,
            kind: 'credit-note',
            title: 'Credit note: Return #BL1-R1: 1 returned',
            quantity: 1,
            value: -158.75,
            partner: petals,
          },
          {
            id: 3,
            kind: 'refund-deduction',
            title: 'Refund #BL1-RF1 deduction',
            quantity: 1,
            value: -100,
            partner: petals,
          },
        ]}
      />,
      { user: staffUser },
    );
    const table = screen.getByRole('table', { name: 'Adjustments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Credit note: Return #BL1-R1: 1 returned.*-R 158,75.*Petals & Co/),
      expect.stringMatching(/Refund #BL1-RF1 deduction.*-R 100,00.*Petals & Co/),
    ]);
    expect(screen.queryByText('No adjustments')).not.toBeInTheDocument();
  });
});
