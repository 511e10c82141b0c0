import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ReturnDetail } from '@bloomline/contract';

import { api } from '@/api/client';

import { returnKeys } from './claim-keys';

/** GET /api/orders/returns/{id}: the return with its lines. */
export const getReturn = (id: number, signal?: AbortSignal) =>
  api.get<{ data: ReturnDetail }>(`/api/orders/returns/${id}`, { signal }).then((r) => r.data);

export const returnQueryOptions = (id: number) =>
  queryOptions({ queryKey: returnKeys.detail(id), queryFn: ({ signal }) => getReturn(id, signal) });

export const useReturn = (id: number) => useQuery(returnQueryOptions(id));
