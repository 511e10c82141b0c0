import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { APPROXIMATE_POSITION_TEXT } from '@bloomline/contract';

import { orderDetail, partnerUser, renderOrders, stubApi } from '../../orders.test-support';
import { RecipientSection } from './recipient-section';

afterEach(() => vi.restoreAllMocks());

// Issue 46: an order that came without coordinates shows its suburb's (or city's) position, said to be approximate.
describe('<RecipientSection> position', () => {
  it('says the position is approximate when it is the suburb’s or city’s', () => {
    stubApi(() => undefined);
    const order = orderDetail({ latitude: -33.9333, longitude: 18.4111, locationApproximate: true });
    renderOrders(<RecipientSection order={order} isStaff={false} />, { user: partnerUser });
    expect(screen.getByText('-33.9333, 18.4111')).toBeInTheDocument();
    expect(screen.getByText(APPROXIMATE_POSITION_TEXT)).toBeInTheDocument();
  });

  it('says nothing more for the address’s own coordinates', () => {
    stubApi(() => undefined);
    const order = orderDetail({ latitude: -33.9205, longitude: 18.4187, locationApproximate: false });
    renderOrders(<RecipientSection order={order} isStaff={false} />, { user: partnerUser });
    expect(screen.getByText('-33.9205, 18.4187')).toBeInTheDocument();
    expect(screen.queryByText(APPROXIMATE_POSITION_TEXT)).not.toBeInTheDocument();
  });
});
