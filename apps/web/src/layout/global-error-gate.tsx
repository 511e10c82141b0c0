import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

import { onErrorStatus, onNetworkError } from '@/api/client';

import { ErrorScreen } from './error-screen';

/** Switches the whole app to the error screen on a status outside the exempt list. */
export function GlobalErrorGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => onErrorStatus((s) => setStatus((current) => current ?? s)), []);
  useEffect(
    () =>
      onNetworkError((e) =>
        notifications.show({ id: 'network', color: 'red', title: 'Connection problem', message: e.message }),
      ),
    [],
  );
  if (status !== null) return <ErrorScreen status={status} />;
  return children;
}
