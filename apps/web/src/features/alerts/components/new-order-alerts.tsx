import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconBell, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { newOrderTitle } from '@bloomline/contract';

import { paths } from '@/lib/paths';
import { useUser } from '@/session/session-context';

import { useAlertPreferences } from '../api/alert-preferences';
import { unlockAudio, unlockOnFirstGesture } from './chime';
import { useChime } from './use-chime';
import { useOrderArrivals } from './use-order-arrivals';
import { useWaitingOrders } from './use-waiting-orders';

/**
 * New orders for a partner user's open app: the list refreshes at once, a banner and a chime until the order is
 * opened or accepted. Hearing of orders (`useOrderArrivals`), keeping which wait (`useWaitingOrders`) and the
 * chime (`useChime`) are hooks of their own; this draws the banner.
 */
export function NewOrderAlerts() {
  const user = useUser();
  if (user.isStaff || !user.partner) return null;
  return <PartnerAlerts />;
}

function PartnerAlerts() {
  const navigate = useNavigate();
  const preferences = useAlertPreferences();
  const { active, names, silenced, arrived, silence, dismiss } = useWaitingOrders();
  useEffect(() => unlockOnFirstGesture(), []);
  useOrderArrivals(arrived);
  const alertsOn = preferences.data?.alerts !== false;
  const soundOn = preferences.data?.sound !== false;
  const chime = useChime(alertsOn && soundOn && active.length > 0 && !silenced);

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
                onClick={silence}
              >
                Silence
              </Button>
            ) : (
              <Button size="xs" variant="default" onClick={dismiss}>
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
