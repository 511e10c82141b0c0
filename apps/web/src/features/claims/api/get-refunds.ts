import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { refundKeys, type RefundListParams } from '@/lib/query-keys';

/** GET /api/v2/orders/refunds?page=: staff only, paged refund cards, newest first. */
export const getRefunds = (params: RefundListParams, signal?: AbortSignal) =>
  call(claimRoutes.refunds, { query: params }, { signal });

export const refundsQueryOptions = (params: RefundListParams) =>
  queryOptions({
    queryKey: refundKeys.list(params),
    queryFn: ({ signal }) => getRefunds(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useRefunds = (params: RefundListParams) =>
  useQuery({ ...refundsQueryOptions(params), placeholderData: keepPreviousData });
