import { lazy, Suspense } from 'react';

import { useConnection } from '@/api/connection';

// Its code (Mantine's Alert, the time's formatting) loads only when the app is offline: from the worker's
// precache then, and never on a first visit's first screen.
const OfflineNotice = lazy(async () => ({ default: (await import('./offline-notice')).OfflineNotice }));

/** Under the header while the screens cannot show live data: since when they are, and that changes wait. */
export function OfflineBanner() {
  const { offline, savedAt } = useConnection();
  if (!offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice savedAt={savedAt} />
    </Suspense>
  );
}
