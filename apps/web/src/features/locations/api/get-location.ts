import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Location } from '@bloomline/contract';

import { api } from '@/api/client';

import { locationKeys } from './location-keys';

export const getLocation = (id: number, signal?: AbortSignal) =>
  api.get<{ data: Location }>(`/api/locations/${id}`, { signal }).then((r) => r.data);

export const locationQueryOptions = (id: number) =>
  queryOptions({ queryKey: locationKeys.detail(id), queryFn: ({ signal }) => getLocation(id, signal) });

export const useLocationDetail = (id: number) => useQuery(locationQueryOptions(id));
