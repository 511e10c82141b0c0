import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

/** Newest first. */
export const getOrderHistory = (id: number, signal?: AbortSignal) =>
  call(orderRoutes.history, { params: { id } }, { signal }).then((r) => r.data);

export const orderHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.history(id), queryFn: ({ signal }) => getOrderHistory(id, signal) });

export const useOrderHistory = (id: number) => useQuery(orderHistoryQueryOptions(id));
