import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { OrderSummary, Paged } from '@bloomline/contract';

import { api } from '@/api/client';

import { orderKeys, type OrderListParams } from './order-keys';

/** Part 1, point 9: order lists refresh themselves every 60 seconds. */
export const ORDER_LIST_REFRESH_MS = 60_000;

export const getOrders = (params: OrderListParams, signal?: AbortSignal) =>
  api.get<Paged<OrderSummary>>('/api/orders', { query: params, signal });

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    // Paging and filtering keep the old page on screen until the new one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: ORDER_LIST_REFRESH_MS,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
