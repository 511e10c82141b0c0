import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { LocationListItem, Paged } from '@bloomline/contract';

import { api } from '@/api/client';

import { locationKeys, type LocationListParams } from './location-keys';

/** GET /api/locations: staff only, paged like Laravel. */
export const getLocations = (params: LocationListParams, signal?: AbortSignal) =>
  api.get<Paged<LocationListItem>>('/api/locations', { query: params, signal });

export const locationsQueryOptions = (params: LocationListParams) =>
  queryOptions({
    queryKey: locationKeys.list(params),
    queryFn: ({ signal }) => getLocations(params, signal),
  });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useLocations = (params: LocationListParams, enabled = true) =>
  useQuery({ ...locationsQueryOptions(params), placeholderData: keepPreviousData, enabled });
