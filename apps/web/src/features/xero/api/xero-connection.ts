import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { xeroRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { xeroConnectionKeys, xeroContactKeys } from '@/lib/query-keys';

/**
 * GET /api/xero/connection (staff with manageXero or authenticateXero). A 503 (not set up on this server) is
 * the screen's to say, not the error screen's; asking again would say the same.
 */
export const getXeroConnection = (signal?: AbortSignal) =>
  call(xeroRoutes.connection, {}, { signal, handles: [503] }).then((r) => r.data);

export const useXeroConnection = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: xeroConnectionKeys.all,
    queryFn: ({ signal }) => getXeroConnection(signal),
    retry: (count, error) => !(isApiError(error) && error.status === 503) && count < 2,
  });

/** Whether the failure means the server has no Xero settings. */
export const isNotSetUp = (error: unknown) => isApiError(error) && error.status === 503;

/** DELETE /api/xero/connection (authenticateXero): revoke and forget; the contacts are stale at once. */
export function useDisconnectXero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(xeroRoutes.disconnect, {}),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: xeroConnectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: xeroContactKeys.all }),
      ]);
    },
  });
}
