import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PartnerCandidate } from '@bloomline/contract';

import { ApiError } from '@/api/client';

import { renderOrders, stubApi, urlOf } from '../../orders.test-support';
import { ReassignDialog } from './reassign-dialog';

afterEach(() => vi.restoreAllMocks());

const candidates: PartnerCandidate[] = [
  {
    partner: { id: 5, name: 'Bloom Room', rating: 7, city: 'Pretoria', partnerType: 'florist' },
    distance: 3.4567,
    local: true,
  },
  {
    partner: { id: 6, name: 'Far Flowers', rating: 4, city: null, partnerType: 'florist' },
    distance: 0,
    local: false,
  },
  {
    partner: { id: 8, name: 'Quick Wheels', rating: 6, city: 'Pretoria', partnerType: 'courier' },
    distance: 5,
    local: true,
  },
];

describe('<ReassignDialog>', () => {
  it("says 'loading ...', then lists partners with distance and rating", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      await gate;
      return new Response(JSON.stringify({ data: candidates }), { status: 200 });
    });
    renderOrders(<ReassignDialog opened onClose={() => undefined} lineId={11} onAssign={vi.fn()} />);
    expect(await screen.findByText('loading ...')).toBeInTheDocument();
    expect(urlOf(spy.mock.calls[0]![0])).toBe('/api/order-lines/11/partners');
    release();
    expect(await screen.findByText('3.46 km')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rating 7 of 10' })).toBeInTheDocument();
  });

  it("asks for all partners with the switch and says 'Nothing found.' when the search matches none", async () => {
    const spy = stubApi((url) => ({ body: { data: url.searchParams.get('q') === 'zzz' ? [] : candidates } }));
    renderOrders(<ReassignDialog opened onClose={() => undefined} lineId={11} onAssign={vi.fn()} />);
    await screen.findByText('Bloom Room');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Show all partners' }));
    await waitFor(() => expect(spy.mock.calls.some(([u]) => urlOf(u).includes('all=1'))).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Search partners' }), 'zzz');
    // The search waits for typing to stop (500 ms).
    expect(await screen.findByText('Nothing found.', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(spy.mock.calls.some(([u]) => urlOf(u).includes('q=zzz'))).toBe(true);
  });

  // Issue 36, point 5: a courier delivers, it does not make the flowers; the choice says which ones are.
  it('says which partners are couriers, in the name the radio reads', async () => {
    stubApi(() => ({ body: { data: candidates } }));
    renderOrders(<ReassignDialog opened onClose={() => undefined} lineId={11} onAssign={vi.fn()} />);
    expect(await screen.findByRole('radio', { name: /Quick Wheels.*Courier/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Bloom Room/ })).not.toHaveAccessibleName(/Courier/);
    expect(screen.getAllByText('Courier')).toHaveLength(1);
  });

  it('posts the chosen partner and shows a 422 for partner_id', async () => {
    stubApi(() => ({ body: { data: candidates } }));
    const onAssign = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'Invalid', { partner_id: ['The partner is out of office.'] }));
    renderOrders(<ReassignDialog opened onClose={() => undefined} lineId={11} onAssign={onAssign} />);
    const assign = screen.getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await userEvent.click(await screen.findByRole('radio', { name: /Bloom Room/ }));
    await userEvent.click(assign);
    expect(onAssign).toHaveBeenCalledWith(5);
    expect(await screen.findByText('The partner is out of office.')).toBeInTheDocument();
  });
});
