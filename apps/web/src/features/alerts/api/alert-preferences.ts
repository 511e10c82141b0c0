import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AlertPreferences, AlertPreferencesBody } from '@bloomline/contract';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

export const alertKeys = resourceKeys('alert-preferences');
const PATH = '/api/notifications/preferences';

export const getAlertPreferences = (signal?: AbortSignal) =>
  api.get<{ data: AlertPreferences }>(PATH, { signal }).then((r) => r.data);

export const alertPreferencesQuery = queryOptions({
  queryKey: alertKeys.detail('mine'),
  queryFn: ({ signal }) => getAlertPreferences(signal),
  staleTime: 60_000,
});

/** The signed-in partner user's alert choices (`enabled` false for staff, who have none). */
export const useAlertPreferences = (enabled = true) => useQuery({ ...alertPreferencesQuery, enabled });

export const saveAlertPreferences = (body: AlertPreferencesBody) =>
  api.put<{ data: AlertPreferences }>(PATH, body, { handles: [422] }).then((r) => r.data);

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertPreferences,
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesQuery.queryKey, saved),
  });
}
