import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

import { formatTime } from '@/ui';

/** The offline banner's text: since when the screens show kept data, and that changes wait. */
export function OfflineNotice({ savedAt }: { savedAt: string | null }) {
  return (
    <Alert
      role="status"
      color="orange"
      variant="light"
      radius={0}
      py="xs"
      icon={<IconWifiOff size={18} aria-hidden />}
      data-testid="offline-banner"
    >
      {savedAt
        ? `You are offline. These are the orders as last loaded at ${formatTime(savedAt)}.`
        : 'You are offline.'}{' '}
      Changes need a connection.
    </Alert>
  );
}
