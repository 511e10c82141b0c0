import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

import { useConnection } from '@/api/connection';
import { formatTime } from '@/ui';

/** Under the header while the screens cannot show live data: since when they are, and that changes wait. */
export function OfflineBanner() {
  const { offline, savedAt } = useConnection();
  if (!offline) return null;
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
