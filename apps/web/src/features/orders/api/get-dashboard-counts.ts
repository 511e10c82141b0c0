import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

import { ORDER_LIST_REFRESH_MS } from './get-orders';

export const getDashboardCounts = (signal?: AbortSignal) =>
  call(orderRoutes.dashboard, {}, { signal }).then((r) => r.data);

export const dashboardCountsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.dashboard(),
    queryFn: ({ signal }) => getDashboardCounts(signal),
    refetchInterval: ORDER_LIST_REFRESH_MS,
  });

export const useDashboardCounts = () => useQuery(dashboardCountsQueryOptions());
