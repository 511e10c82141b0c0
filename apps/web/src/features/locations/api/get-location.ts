import { queryOptions, useQuery } from '@tanstack/react-query';

import { locationRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { locationKeys } from '@/lib/query-keys';

export const getLocation = (id: number, signal?: AbortSignal) =>
  call(locationRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const locationQueryOptions = (id: number) =>
  queryOptions({ queryKey: locationKeys.detail(id), queryFn: ({ signal }) => getLocation(id, signal) });

export const useLocationDetail = (id: number) => useQuery(locationQueryOptions(id));
