import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

/** The one answer not wrapped in `data`: a bare array of strings. */
export const getRejectReasons = (signal?: AbortSignal) => call(orderRoutes.rejectReasons, {}, { signal });

export const rejectReasonsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.rejectReasons(),
    queryFn: ({ signal }) => getRejectReasons(signal),
    staleTime: 5 * 60_000,
  });

export const useRejectReasons = (enabled = true) => useQuery({ ...rejectReasonsQueryOptions(), enabled });
