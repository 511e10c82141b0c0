import { queryOptions, useQuery } from '@tanstack/react-query';

import type { DashboardCounts } from '@bloomline/contract';

import { api } from '@/api/client';

import { ORDER_LIST_REFRESH_MS } from './get-orders';
import { orderKeys } from './order-keys';

export const getDashboardCounts = (signal?: AbortSignal) =>
  api.get<{ data: DashboardCounts }>('/api/dashboard', { signal }).then((r) => r.data);

export const dashboardCountsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.dashboard(),
    queryFn: ({ signal }) => getDashboardCounts(signal),
    refetchInterval: ORDER_LIST_REFRESH_MS,
  });

export const useDashboardCounts = () => useQuery(dashboardCountsQueryOptions());
