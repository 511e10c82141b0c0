import { queryOptions, useQuery } from '@tanstack/react-query';

import { xeroRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { xeroContactKeys } from '@/lib/query-keys';

/**
 * GET /api/xero-contacts: staff with manageXero only. A 503 (the accounting service is not connected) is
 * the screen's to say, not the error screen's.
 */
export const getXeroContacts = (signal?: AbortSignal) =>
  call(xeroRoutes.contacts, {}, { signal, handles: [503] }).then((r) => r.data);

export const xeroContactsQueryOptions = () =>
  queryOptions({
    queryKey: xeroContactKeys.lists(),
    queryFn: ({ signal }) => getXeroContacts(signal),
    // Read from Xero by the server on each call: a minute here keeps the picker quick without hiding for long
    // a connection that has expired or gone.
    staleTime: 60_000,
    // Not connected is an answer, not a hiccup: asking again at once would say the same.
    retry: (count, error) => !(isApiError(error) && error.status === 503) && count < 2,
  });

export const useXeroContacts = (enabled: boolean) => useQuery({ ...xeroContactsQueryOptions(), enabled });

/** Whether a failure means the accounting service is not connected (yet). */
export const isNotConnected = (error: unknown) => isApiError(error) && error.status === 503;
