import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { customerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { customerKeys, type CustomerListParams } from '@/lib/query-keys';

/** GET /api/customers: staff only, paged like Laravel; q searches name, e-mail and phone. */
export const getCustomers = (params: CustomerListParams, signal?: AbortSignal) =>
  call(customerRoutes.list, { query: params }, { signal });

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useCustomers = (params: CustomerListParams) =>
  useQuery({ ...customersQueryOptions(params), placeholderData: keepPreviousData });
