import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { companyRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { companyKeys, type CompanyListParams } from '@/lib/query-keys';

/** GET /api/companies: staff only, paged like Laravel; q searches the name. */
export const getCompanies = (params: CompanyListParams, signal?: AbortSignal) =>
  call(companyRoutes.list, { query: params }, { signal });

export const companiesQueryOptions = (params: CompanyListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) => getCompanies(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useCompanies = (params: CompanyListParams) =>
  useQuery({ ...companiesQueryOptions(params), placeholderData: keepPreviousData });
