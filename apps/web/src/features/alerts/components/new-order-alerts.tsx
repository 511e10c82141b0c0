import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconBell, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { newOrderEvent, newOrderTitle, orderActionsFor, PUSH_CLIENT_MESSAGE } from '@bloomline/contract';
import type { OrderDetail } from '@bloomline/contract';

import { api, isApiError } from '@/api/client';
import { paths } from '@/lib/paths';
import { orderResourceKeys } from '@/lib/query-keys';
import { useUser } from '@/session/session-context';

import { useAlertPreferences } from '../api/alert-preferences';
import {
  audioBlocked,
  isChiming,
  onChimeChange,
  startChiming,
  stopChiming,
  unlockAudio,
  unlockOnFirstGesture,
} from './chime';

interface Waiting {
  orderId: number;
  orderName: string | null;
}

/** How often a waiting order is looked at, to stop the chime once it is accepted (on any device). */
const WATCH_MS = 3_000;
const STREAM = '/api/notifications/stream';
/** An order's own page: `/order/{id}`. */
const ORDER_PAGE = /^\/order\/(\d+)$/;

/** Whether the partner still has to accept the order: the contract's workflow table decides, as for the buttons. */
const awaitsAcceptance = (order: OrderDetail) => orderActionsFor(order.status, 'partner').includes('accept');

/**
 * New orders for a partner user's open app: the list refreshes at once, a banner and a chime until the order is
 * opened or accepted.
 */
export function NewOrderAlerts() {
  const user = useUser();
  if (user.isStaff || !user.partner) return null;
  return <PartnerAlerts />;
}

function PartnerAlerts() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preferences = useAlertPreferences();
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  // The orders the user silenced while they wait: a new order chimes again, a second word of one already
  // silenced does not (the stream and a push relayed by the service worker both tell of each order, seconds
  // apart). An order that stops waiting (accepted, rejected, dismissed) leaves the set, so one given back to this
  // partner later rings again.
  const [silencedIds, setSilencedIds] = useState<ReadonlySet<number>>(() => new Set());
  const chime = useSyncExternalStore(onChimeChange, chimeState);
  // An order the florist has opened (from the banner, a list or a notification) has been seen: it leaves the
  // banner and stops the chime (issue 36), and rings again only if it is told of anew. Adjusted in the render,
  // React's pattern for state that follows other state.
  const openedId = Number(ORDER_PAGE.exec(useLocation().pathname)?.[1] ?? NaN);
  if (waiting.some((w) => w.orderId === openedId))
    setWaiting((now) => now.filter((w) => w.orderId !== openedId));

  const arrived = useCallback(
    (orderId: number, orderName: string | null) => {
      void queryClient.invalidateQueries({ queryKey: orderResourceKeys.all });
      setWaiting((now) => (now.some((w) => w.orderId === orderId) ? now : [...now, { orderId, orderName }]));
    },
    [queryClient],
  );

  useEffect(() => unlockOnFirstGesture(), []);

  // The live stream: the server tells of each order given to this partner as it happens.
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(STREAM, { withCredentials: true });
    // After a dropped connection (a van between masts) the lists may have missed an event: refresh them.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) void queryClient.invalidateQueries({ queryKey: orderResourceKeys.all });
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

  // A push that reached this open app through the service worker (the stream may have been asleep).
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

  // Each waiting order is looked at until it is no longer new (accepted, rejected, gone).
  const watched = useQueries({
    queries: waiting.map((w) => ({
      queryKey: [...orderResourceKeys.all, 'alert-watch', w.orderId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api
          .get<{ data: OrderDetail }>(`/api/orders/${String(w.orderId)}`, { signal, handles: [404] })
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
  const alertsOn = preferences.data?.alerts !== false;
  const soundOn = preferences.data?.sound !== false;
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
  const shouldChime = alertsOn && soundOn && active.length > 0 && !silenced;

  useEffect(() => {
    if (shouldChime) startChiming();
    else stopChiming();
  }, [shouldChime]);
  useEffect(() => () => stopChiming(), []);

  if (!alertsOn || active.length === 0) return null;
  const first = active[0]!;
  const title =
    active.length === 1 ? newOrderTitle(names[0] ?? '') : `${String(active.length)} new orders waiting`;
  const blocked = soundOn && !silenced && chime.blocked;

  return (
    <>
      {/* Room below the page's end, so the banner never sits over its last buttons. */}
      <Box h={140} aria-hidden />
      <Paper
        role="alert"
        shadow="lg"
        withBorder
        p="sm"
        data-testid="new-order-banner"
        data-chiming={String(chime.chiming)}
        data-chimes={String(chime.count)}
        style={{
          position: 'fixed',
          left: 8,
          right: 8,
          bottom: 8,
          zIndex: 300,
          maxWidth: 560,
          marginInline: 'auto',
          borderColor: 'var(--mantine-color-grape-6)',
        }}
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            <IconBell size={20} aria-hidden color="var(--mantine-color-grape-7)" />
            <Text fw={700}>{title}</Text>
          </Group>
          <Group gap="xs">
            {blocked && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconVolume size={14} aria-hidden />}
                onClick={() => void unlockAudio()}
              >
                Tap to hear alerts
              </Button>
            )}
            {!silenced && soundOn ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconVolumeOff size={14} aria-hidden />}
                onClick={() => setSilencedIds(new Set(active.map((w) => w.orderId)))}
              >
                Silence
              </Button>
            ) : (
              <Button size="xs" variant="default" onClick={() => setWaiting([])}>
                Dismiss
              </Button>
            )}
            <Button size="xs" onClick={() => void navigate(paths.order(first.orderId))}>
              Open
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}

let lastState = { chiming: false, blocked: true, count: 0 };
/** The chime's state as one stable object (a new one only when something changed), for useSyncExternalStore. */
function chimeState() {
  const next = { chiming: isChiming(), blocked: audioBlocked(), count: window.__bloomlineChimes ?? 0 };
  if (
    next.chiming !== lastState.chiming ||
    next.blocked !== lastState.blocked ||
    next.count !== lastState.count
  )
    lastState = next;
  return lastState;
}
