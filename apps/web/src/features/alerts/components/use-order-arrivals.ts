import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { alertRoutes, newOrderEvent, PUSH_CLIENT_MESSAGE } from '@bloomline/contract';

import { pathOf } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

const STREAM = pathOf(alertRoutes.stream);

/**
 * Tells `arrived` of each order given to this partner: the server's live stream as it happens, and a push that
 * reached this open app through the service worker (the stream may have been asleep). `arrived` must be stable.
 */
export function useOrderArrivals(arrived: (orderId: number, orderName: string | null) => void) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(STREAM, { withCredentials: true });
    // After a dropped connection (a van between masts) the lists may have missed an event: refresh them.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      opened = true;
    });
    source.addEventListener('new-order', (e) => {
      try {
        const event = newOrderEvent.safeParse(JSON.parse((e as MessageEvent<string>).data));
        if (event.success) arrived(event.data.orderId, event.data.orderName);
      } catch {
        // Not an event of ours.
      }
    });
    return () => source.close();
  }, [arrived, queryClient]);

  useEffect(() => {
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent<unknown>) => {
      const data = e.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== PUSH_CLIENT_MESSAGE || typeof data.url !== 'string') return;
      const id = /\/order\/(\d+)/.exec(data.url)?.[1];
      if (id) arrived(Number(id), null);
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [arrived]);
}
