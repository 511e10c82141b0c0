import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Asked even when the browser says it is offline: the service worker answers the partner's screens
        // from the last answers it kept (marked, so the app says so), instead of the query waiting.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        // Client errors will not change on a retry; network hiccups in a delivery van might. Offline, nothing is
        // retried: a retry would wait, paused, for the connection, and the screen would spin (and a change that
        // refetches after itself would never settle) instead of saying it is not available offline (issue 36).
        retry: (count, error) =>
          count < 2 && navigator.onLine && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      // A change offline fails at once with the API client's "needs a connection", never waits unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
