import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Colour } from '@bloomline/contract';

import { api } from '@/api/client';
import { colourKeys } from '@/lib/query-keys';

/** Staff only; sorted by name. */
export const getColours = (signal?: AbortSignal) =>
  api.get<{ data: Colour[] }>('/api/colours', { signal }).then((r) => r.data);

export const coloursQueryOptions = () =>
  queryOptions({ queryKey: colourKeys.list({}), queryFn: ({ signal }) => getColours(signal) });

export const useColours = () => useQuery(coloursQueryOptions());
