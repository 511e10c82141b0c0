import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { callsOf, stubApi } from '@/test/api-stub';
import { renderApp } from '@/test/render';
import { partnerUser } from '@/test/users';

import { stopChiming } from './chime';
import { NewOrderAlerts } from './new-order-alerts';

/** The live stream as the app opens it: the test says what the server sends. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {}
}

const tell = (orderId: number) =>
  act(() => {
    FakeEventSource.last?.dispatchEvent(
      new MessageEvent('new-order', {
        data: JSON.stringify({
          type: 'new-order',
          orderId,
          orderName: `#BL${String(orderId)}`,
          partnerId: 1,
          url: `/order/${String(orderId)}`,
        }),
      }),
    );
  });

/** Each order's status as the server answers it. */
const statuses = new Map<number, string>();
let server: ReturnType<typeof stubApi>;
/** How often the app has asked for an order. */
const readsOf = (orderId: number) =>
  callsOf(server).filter((c) => c === `GET /api/orders/${String(orderId)}`).length;

beforeEach(() => {
  statuses.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
  server = stubApi((url) => {
    if (url.pathname === '/api/notifications/preferences')
      return { body: { data: { alerts: true, sound: true } } };
    const id = /^\/api\/orders\/(\d+)$/.exec(url.pathname)?.[1];
    // The banner reads only an order's name and status (open: waiting for its acceptance).
    if (id)
      return {
        body: { data: { id: Number(id), name: `#BL${id}`, status: statuses.get(Number(id)) ?? 'open' } },
      };
    return undefined;
  });
});
afterEach(() => {
  stopChiming();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<NewOrderAlerts>', () => {
  it('stays silent when told again of an order already silenced, and chimes for a new one', async () => {
    renderApp(<NewOrderAlerts />, { user: partnerUser, history: ['/dashboard'] });
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/notifications/stream'));
    tell(101);
    const banner = await screen.findByTestId('new-order-banner');
    await waitFor(() => expect(banner).toHaveAttribute('data-chiming', 'true'));

    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(banner).toHaveAttribute('data-chiming', 'false');
    // The same order again (the stream and a push relayed by the service worker both tell of it).
    const reads = readsOf(101);
    tell(101);
    // Read again (the word refreshes the order), still waiting, still silent.
    await waitFor(() => expect(readsOf(101)).toBeGreaterThan(reads));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(banner).toHaveAttribute('data-chiming', 'false');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();

    // Another order rings again, and can be silenced in turn.
    tell(102);
    await waitFor(() => expect(banner).toHaveAttribute('data-chiming', 'true'));
    expect(banner).toHaveTextContent('2 new orders waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(banner).toHaveAttribute('data-chiming', 'false');
  });

  it('rings again for an order given back to the florist after it stopped waiting', async () => {
    renderApp(<NewOrderAlerts />, { user: partnerUser, history: ['/dashboard'] });
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/notifications/stream'));
    tell(201);
    await userEvent.click(await screen.findByRole('button', { name: 'Silence' }));
    expect(screen.getByTestId('new-order-banner')).toHaveAttribute('data-chiming', 'false');
    // Rejected: no longer waiting, the banner goes.
    statuses.set(201, 'rejected');
    tell(201);
    await waitFor(() => expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument());
    // Staff give it back: it waits again, and rings.
    statuses.set(201, 'open');
    tell(201);
    await waitFor(() =>
      expect(screen.getByTestId('new-order-banner')).toHaveAttribute('data-chiming', 'true'),
    );
  });

  // Issue 36, point 9: the banner stayed (and rang) after its order was opened, until it was accepted.
  it('leaves once its order is opened, and rings for the next one', async () => {
    const { router } = renderApp(<NewOrderAlerts />, {
      user: partnerUser,
      history: ['/dashboard'],
      path: '*',
    });
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/notifications/stream'));
    tell(301);
    tell(302);
    const banner = await screen.findByTestId('new-order-banner');
    await waitFor(() => expect(banner).toHaveTextContent('2 new orders waiting'));
    await act(() => router.navigate('/order/301'));
    await waitFor(() => expect(screen.getByTestId('new-order-banner')).toHaveTextContent('New order #BL302'));
    await act(() => router.navigate('/order/302'));
    await waitFor(() => expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument());
    // Told of one while its page is open: it has been seen already.
    tell(302);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
    // A new one rings.
    tell(303);
    await waitFor(() =>
      expect(screen.getByTestId('new-order-banner')).toHaveAttribute('data-chiming', 'true'),
    );
  });
});
