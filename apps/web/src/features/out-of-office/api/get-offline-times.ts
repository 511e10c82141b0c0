import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OfflineTime } from '@bloomline/contract';

import { api } from '@/api/client';

import { offlineTimeKeys } from './offline-time-keys';

export const offlineTimesPath = (partnerId: number) => `/api/partners/${partnerId}/offline-times`;

/** A partner's periods, the latest start first (a partner user may ask only for their own partner). */
export const getOfflineTimes = (partnerId: number, signal?: AbortSignal) =>
  api.get<{ data: OfflineTime[] }>(offlineTimesPath(partnerId), { signal }).then((r) => r.data);

export const offlineTimesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: offlineTimeKeys.list({ partnerId }),
    queryFn: ({ signal }) => getOfflineTimes(partnerId, signal),
  });

export const useOfflineTimes = (partnerId: number | null) =>
  useQuery({ ...offlineTimesQueryOptions(partnerId ?? -1), enabled: partnerId !== null });
