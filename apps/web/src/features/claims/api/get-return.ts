import { queryOptions, useQuery } from '@tanstack/react-query';

import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { returnKeys } from '@/lib/query-keys';

/** GET /api/orders/returns/{id}: the return with its lines. */
export const getReturn = (id: number, signal?: AbortSignal) =>
  call(claimRoutes.getReturn, { params: { id } }, { signal }).then((r) => r.data);

export const returnQueryOptions = (id: number) =>
  queryOptions({ queryKey: returnKeys.detail(id), queryFn: ({ signal }) => getReturn(id, signal) });

export const useReturn = (id: number) => useQuery(returnQueryOptions(id));
