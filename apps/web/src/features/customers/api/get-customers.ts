import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CustomerListItem, Paged } from '@bloomline/contract';

import { api } from '@/api/client';

import { customerKeys, type CustomerListParams } from './customer-keys';

/** GET /api/customers: staff only, paged like Laravel; q searches name, e-mail and phone. */
export const getCustomers = (params: CustomerListParams, signal?: AbortSignal) =>
  api.get<Paged<CustomerListItem>>('/api/customers', { query: params, signal });

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useCustomers = (params: CustomerListParams) =>
  useQuery({ ...customersQueryOptions(params), placeholderData: keepPreviousData });
