import { queryOptions, useQuery } from '@tanstack/react-query';

import { offlineTimeRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { offlineTimeKeys } from '@/lib/query-keys';

export const getOfflineTime = (partnerId: number, id: number, signal?: AbortSignal) =>
  call(offlineTimeRoutes.get, { params: { partnerId, id } }, { signal }).then((r) => r.data);

export const offlineTimeQueryOptions = (partnerId: number, id: number) =>
  queryOptions({
    queryKey: offlineTimeKeys.detail(`${partnerId}/${id}`),
    queryFn: ({ signal }) => getOfflineTime(partnerId, id, signal),
  });

export const useOfflineTime = (partnerId: number | null, id: number) =>
  useQuery({ ...offlineTimeQueryOptions(partnerId ?? -1, id), enabled: partnerId !== null });
