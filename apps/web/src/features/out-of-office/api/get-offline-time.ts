import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OfflineTime } from '@bloomline/contract';

import { api } from '@/api/client';

import { offlineTimesPath } from './get-offline-times';
import { offlineTimeKeys } from './offline-time-keys';

export const getOfflineTime = (partnerId: number, id: number, signal?: AbortSignal) =>
  api.get<{ data: OfflineTime }>(`${offlineTimesPath(partnerId)}/${id}`, { signal }).then((r) => r.data);

export const offlineTimeQueryOptions = (partnerId: number, id: number) =>
  queryOptions({
    queryKey: offlineTimeKeys.detail(`${partnerId}/${id}`),
    queryFn: ({ signal }) => getOfflineTime(partnerId, id, signal),
  });

export const useOfflineTime = (partnerId: number | null, id: number) =>
  useQuery({ ...offlineTimeQueryOptions(partnerId ?? -1, id), enabled: partnerId !== null });
