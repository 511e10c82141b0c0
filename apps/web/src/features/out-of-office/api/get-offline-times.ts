import { queryOptions, useQuery } from '@tanstack/react-query';

import { offlineTimeRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { offlineTimeKeys } from '@/lib/query-keys';

/** A partner's periods, the latest start first (a partner user may ask only for their own partner). */
export const getOfflineTimes = (partnerId: number, signal?: AbortSignal) =>
  call(offlineTimeRoutes.list, { params: { partnerId } }, { signal }).then((r) => r.data);

export const offlineTimesQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: offlineTimeKeys.list({ partnerId }),
    queryFn: ({ signal }) => getOfflineTimes(partnerId, signal),
  });

export const useOfflineTimes = (partnerId: number | null) =>
  useQuery({ ...offlineTimesQueryOptions(partnerId ?? -1), enabled: partnerId !== null });
