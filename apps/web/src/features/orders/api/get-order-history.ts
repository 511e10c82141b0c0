import { queryOptions, useQuery } from '@tanstack/react-query';

import type { HistoryEntry } from '@bloomline/contract';

import { api } from '@/api/client';

import { orderKeys } from './order-keys';

/** Newest first. */
export const getOrderHistory = (id: number, signal?: AbortSignal) =>
  api.get<{ data: HistoryEntry[] }>(`/api/orders/${id}/history`, { signal }).then((r) => r.data);

export const orderHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.history(id), queryFn: ({ signal }) => getOrderHistory(id, signal) });

export const useOrderHistory = (id: number) => useQuery(orderHistoryQueryOptions(id));
