import { useMutation, useQueryClient } from '@tanstack/react-query';

import { offlineTimeRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { invalidateResources, offlineTimeKeys } from '@/lib/query-keys';

export const deleteOfflineTime = (partnerId: number, id: number) =>
  call(offlineTimeRoutes.remove, { params: { partnerId, id } });

export function useDeleteOfflineTime(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOfflineTime(partnerId, id),
    onSuccess: (_, id) =>
      invalidateResources(queryClient, [{ keys: offlineTimeKeys, id: `${partnerId}/${id}` }]),
  });
}
