import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Colour } from '@bloomline/contract';

import { api } from '@/api/client';
import { colourKeys } from '@/lib/query-keys';

export const getColour = (id: number, signal?: AbortSignal) =>
  api.get<{ data: Colour }>(`/api/colours/${id}`, { signal }).then((r) => r.data);

export const colourQueryOptions = (id: number) =>
  queryOptions({ queryKey: colourKeys.detail(id), queryFn: ({ signal }) => getColour(id, signal) });

export const useColourDetail = (id: number) => useQuery(colourQueryOptions(id));
