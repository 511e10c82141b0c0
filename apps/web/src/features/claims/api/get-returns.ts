import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { returnKeys, type ReturnListParams } from '@/lib/query-keys';

/** GET /api/orders/returns: staff only, paged like Laravel, newest first. */
export const getReturns = (params: ReturnListParams, signal?: AbortSignal) =>
  call(claimRoutes.returns, { query: params }, { signal });

export const returnsQueryOptions = (params: ReturnListParams) =>
  queryOptions({
    queryKey: returnKeys.list(params),
    queryFn: ({ signal }) => getReturns(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useReturns = (params: ReturnListParams) =>
  useQuery({ ...returnsQueryOptions(params), placeholderData: keepPreviousData });
