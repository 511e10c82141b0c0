import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApiKeyBody } from '@bloomline/contract';
import { apiKeyRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { apiKeyKeys, invalidateResources } from '@/lib/query-keys';

/** Staff only; live keys first, never the keys themselves. */
export const getApiKeys = (signal?: AbortSignal) =>
  call(apiKeyRoutes.list, {}, { signal }).then((r) => r.data);

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.list({}), queryFn: ({ signal }) => getApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** The key itself comes back this once. */
export const createApiKey = (body: ApiKeyBody) => call(apiKeyRoutes.create, { body }).then((r) => r.data);

export const revokeApiKey = (id: number) => call(apiKeyRoutes.revoke, { params: { id } });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: apiKeyKeys, id }]),
  });
}
