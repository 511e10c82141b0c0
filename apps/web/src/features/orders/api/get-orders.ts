import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys, type OrderListParams } from '@/lib/query-keys';

/** Part 1, point 9: order lists refresh themselves every 60 seconds. */
export const ORDER_LIST_REFRESH_MS = 60_000;

export const getOrders = (params: OrderListParams, signal?: AbortSignal) =>
  call(orderRoutes.list, { query: params }, { signal });

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    // Paging and filtering keep the old page on screen until the new one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_LIST_REFRESH_MS,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
