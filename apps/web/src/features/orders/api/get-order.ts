import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrderDetail } from '@bloomline/contract';

import { api } from '@/api/client';

import { orderKeys } from './order-keys';

export const getOrder = (id: number, signal?: AbortSignal) =>
  api.get<{ data: OrderDetail }>(`/api/orders/${id}`, { signal }).then((r) => r.data);

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: number) => useQuery(orderQueryOptions(id));
