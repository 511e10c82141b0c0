import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApiKey, ApiKeyBody, NewApiKey } from '@bloomline/contract';

import { api } from '@/api/client';
import { invalidateResources, resourceKeys } from '@/lib/query-keys';

export const apiKeyKeys = resourceKeys<Record<string, never>>('api-keys');

/** Staff only; live keys first, never the keys themselves. */
export const getApiKeys = (signal?: AbortSignal) =>
  api.get<{ data: ApiKey[] }>('/api/api-keys', { signal }).then((r) => r.data);

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.list({}), queryFn: ({ signal }) => getApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** The key itself comes back this once. */
export const createApiKey = (body: ApiKeyBody) =>
  api.post<{ data: NewApiKey }>('/api/api-keys', body).then((r) => r.data);

export const revokeApiKey = (id: number) => api.delete<void>(`/api/api-keys/${id}`);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: apiKeyKeys, id }]),
  });
}
