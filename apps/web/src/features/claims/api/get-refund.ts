import { queryOptions, useQuery } from '@tanstack/react-query';

import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { refundKeys } from '@/lib/query-keys';

/** GET /api/orders/refunds/{id}: one refund card. */
export const getRefund = (id: number, signal?: AbortSignal) =>
  call(claimRoutes.getRefund, { params: { id } }, { signal }).then((r) => r.data);

export const refundQueryOptions = (id: number) =>
  queryOptions({ queryKey: refundKeys.detail(id), queryFn: ({ signal }) => getRefund(id, signal) });

export const useRefund = (id: number) => useQuery(refundQueryOptions(id));
