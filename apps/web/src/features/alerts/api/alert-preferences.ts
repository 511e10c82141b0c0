import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { alertRoutes, type AlertPreferencesBody } from '@bloomline/contract';

import { call } from '@/api/call';
import { alertPreferenceKeys } from '@/lib/query-keys';

export const getAlertPreferences = (signal?: AbortSignal) =>
  call(alertRoutes.preferences, {}, { signal }).then((r) => r.data);

export const alertPreferencesQuery = queryOptions({
  queryKey: alertPreferenceKeys.detail('mine'),
  queryFn: ({ signal }) => getAlertPreferences(signal),
  staleTime: 60_000,
});

/** The signed-in partner user's alert choices (`enabled` false for staff, who have none). */
export const useAlertPreferences = (enabled = true) => useQuery({ ...alertPreferencesQuery, enabled });

export const saveAlertPreferences = (body: AlertPreferencesBody) =>
  call(alertRoutes.setPreferences, { body }, { handles: [422] }).then((r) => r.data);

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertPreferences,
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesQuery.queryKey, saved),
  });
}
