import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

import { orderActionsFor, orderRoutes } from '@bloomline/contract';
import type { OrderDetail } from '@bloomline/contract';

import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { orderKeys } from '@/lib/query-keys';

interface Waiting {
  orderId: number;
  orderName: string | null;
}

/** How often a waiting order is looked at, to stop the chime once it is accepted (on any device). */
const WATCH_MS = 3_000;
/** An order's own page: `/order/{id}`. */
const ORDER_PAGE = /^\/order\/(\d+)$/;

/** Whether the partner still has to accept the order: the contract's workflow table decides, as for the buttons. */
const awaitsAcceptance = (order: OrderDetail) => orderActionsFor(order.status, 'partner').includes('accept');

/**
 * The new orders waiting for this partner: told of by `arrived`, each looked at until it is no longer new
 * (accepted, rejected, gone, on any device) or the florist opens it; and which of them the florist silenced.
 */
export function useWaitingOrders() {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  // The orders the user silenced while they wait: a new order chimes again, a second word of one already
  // silenced does not (the stream and a push relayed by the service worker both tell of each order, seconds
  // apart). An order that stops waiting (accepted, rejected, dismissed) leaves the set, so one given back to this
  // partner later rings again.
  const [silencedIds, setSilencedIds] = useState<ReadonlySet<number>>(() => new Set());
  // An order the florist has opened (from the banner, a list or a notification) has been seen: it leaves the
  // banner and stops the chime (issue 36), and rings again only if it is told of anew. Adjusted in the render,
  // React's pattern for state that follows other state.
  const openedId = Number(ORDER_PAGE.exec(useLocation().pathname)?.[1] ?? NaN);
  if (waiting.some((w) => w.orderId === openedId))
    setWaiting((now) => now.filter((w) => w.orderId !== openedId));

  const arrived = useCallback(
    (orderId: number, orderName: string | null) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setWaiting((now) => (now.some((w) => w.orderId === orderId) ? now : [...now, { orderId, orderName }]));
    },
    [queryClient],
  );

  const watched = useQueries({
    queries: waiting.map((w) => ({
      queryKey: orderKeys.alertWatch(w.orderId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(orderRoutes.get, { params: { id: w.orderId } }, { signal, handles: [404] })
          .then((r) => r.data)
          .catch((err: unknown) => {
            if (isApiError(err) && err.status === 404) return null;
            throw err;
          }),
      refetchInterval: (query: { state: { data: OrderDetail | null | undefined } }) => {
        const data = query.state.data;
        return data === null || (data && !awaitsAcceptance(data)) ? false : WATCH_MS;
      },
    })),
  });
  // An order no longer new (or gone) stops counting; a reassignment back to this partner brings it back.
  const stillNew = (i: number) => {
    const data = watched[i]?.data;
    return data === undefined || (data !== null && awaitsAcceptance(data));
  };
  const active = waiting.filter((_, i) => stillNew(i));
  const names = waiting
    .map((w, i) => w.orderName ?? watched[i]?.data?.name ?? null)
    .filter((_, i) => stillNew(i));
  const silenced = active.length > 0 && active.every((w) => silencedIds.has(w.orderId));
  // When the waiting orders change, the silenced ones that no longer wait leave the set (adjusted in the render,
  // React's pattern for state that follows other state).
  const activeIds = active.map((w) => w.orderId).join(',');
  const [seenActiveIds, setSeenActiveIds] = useState(activeIds);
  if (activeIds !== seenActiveIds) {
    setSeenActiveIds(activeIds);
    const kept = [...silencedIds].filter((id) => active.some((w) => w.orderId === id));
    if (kept.length !== silencedIds.size) setSilencedIds(new Set(kept));
  }

  return {
    /** The orders still waiting, oldest first, and their names where known. */
    active,
    names,
    /** Every waiting order has been silenced. */
    silenced,
    arrived,
    silence: () => setSilencedIds(new Set(active.map((w) => w.orderId))),
    dismiss: () => setWaiting([]),
  };
}
