import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import { invalidateResources } from '@/lib/query-keys';

import { offlineTimesPath } from './get-offline-times';
import { offlineTimeKeys } from './offline-time-keys';

export const deleteOfflineTime = (partnerId: number, id: number) =>
  api.delete<void>(`${offlineTimesPath(partnerId)}/${id}`);

export function useDeleteOfflineTime(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOfflineTime(partnerId, id),
    onSuccess: (_, id) =>
      invalidateResources(queryClient, [{ keys: offlineTimeKeys, id: `${partnerId}/${id}` }]),
  });
}
