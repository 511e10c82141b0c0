import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { orderKeys } from '@/lib/query-keys';

export const getOrder = (id: number, signal?: AbortSignal) =>
  call(orderRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: number) => useQuery(orderQueryOptions(id));
