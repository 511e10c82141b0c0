import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/test/api-stub';
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

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  stubApi((url) => {
    if (url.pathname === '/api/notifications/preferences')
      return { body: { data: { alerts: true, sound: true } } };
    const id = /^\/api\/orders\/(\d+)$/.exec(url.pathname)?.[1];
    // Every order still waits for its acceptance (the banner reads only its name and status).
    if (id) return { body: { data: { id: Number(id), name: `#BL${id}`, status: 'open' } } };
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
    tell(101);
    expect(banner).toHaveAttribute('data-chiming', 'false');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();

    // Another order rings again, and can be silenced in turn.
    tell(102);
    await waitFor(() => expect(banner).toHaveAttribute('data-chiming', 'true'));
    expect(banner).toHaveTextContent('2 new orders waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(banner).toHaveAttribute('data-chiming', 'false');
  });
});
