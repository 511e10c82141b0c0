import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Paged, Refund } from '@bloomline/contract';

import { api } from '@/api/client';

import { refundKeys, type RefundListParams } from './claim-keys';

/** GET /api/v2/orders/refunds?page=: staff only, paged refund cards, newest first. */
export const getRefunds = (params: RefundListParams, signal?: AbortSignal) =>
  api.get<Paged<Refund>>('/api/v2/orders/refunds', { query: params, signal });

export const refundsQueryOptions = (params: RefundListParams) =>
  queryOptions({
    queryKey: refundKeys.list(params),
    queryFn: ({ signal }) => getRefunds(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useRefunds = (params: RefundListParams) =>
  useQuery({ ...refundsQueryOptions(params), placeholderData: keepPreviousData });
