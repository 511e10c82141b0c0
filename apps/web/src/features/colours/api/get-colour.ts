import { queryOptions, useQuery } from '@tanstack/react-query';

import { colourRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { colourKeys } from '@/lib/query-keys';

export const getColour = (id: number, signal?: AbortSignal) =>
  call(colourRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const colourQueryOptions = (id: number) =>
  queryOptions({ queryKey: colourKeys.detail(id), queryFn: ({ signal }) => getColour(id, signal) });

export const useColourDetail = (id: number) => useQuery(colourQueryOptions(id));
