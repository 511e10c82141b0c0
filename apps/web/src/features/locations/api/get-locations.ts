import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { locationRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { locationKeys, type LocationListParams } from '@/lib/query-keys';

/** GET /api/locations: staff only, paged like Laravel. */
export const getLocations = (params: LocationListParams, signal?: AbortSignal) =>
  call(locationRoutes.list, { query: params }, { signal });

export const locationsQueryOptions = (params: LocationListParams) =>
  queryOptions({
    queryKey: locationKeys.list(params),
    queryFn: ({ signal }) => getLocations(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useLocations = (params: LocationListParams, enabled = true) =>
  useQuery({ ...locationsQueryOptions(params), placeholderData: keepPreviousData, enabled });
