import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { componentRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentKeys, type ComponentListParams } from '@/lib/query-keys';

/** GET /api/components?q&page&s&d: staff only, paged like Laravel. */
export const getComponents = (params: ComponentListParams, signal?: AbortSignal) =>
  call(componentRoutes.list, { query: params }, { signal });

export const componentsQueryOptions = (params: ComponentListParams) =>
  queryOptions({
    queryKey: componentKeys.list(params),
    queryFn: ({ signal }) => getComponents(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useComponents = (params: ComponentListParams) =>
  useQuery({ ...componentsQueryOptions(params), placeholderData: keepPreviousData });
