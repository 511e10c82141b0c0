import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Refund } from '@bloomline/contract';

import { api } from '@/api/client';

import { refundKeys } from './claim-keys';

/** GET /api/orders/refunds/{id}: one refund card. */
export const getRefund = (id: number, signal?: AbortSignal) =>
  api.get<{ data: Refund }>(`/api/orders/refunds/${id}`, { signal }).then((r) => r.data);

export const refundQueryOptions = (id: number) =>
  queryOptions({ queryKey: refundKeys.detail(id), queryFn: ({ signal }) => getRefund(id, signal) });

export const useRefund = (id: number) => useQuery(refundQueryOptions(id));
