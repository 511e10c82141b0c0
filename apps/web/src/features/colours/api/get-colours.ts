import { queryOptions, useQuery } from '@tanstack/react-query';

import { colourRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { colourKeys } from '@/lib/query-keys';

/** Staff only; sorted by name. */
export const getColours = (signal?: AbortSignal) =>
  call(colourRoutes.list, {}, { signal }).then((r) => r.data);

export const coloursQueryOptions = () =>
  queryOptions({ queryKey: colourKeys.list({}), queryFn: ({ signal }) => getColours(signal) });

export const useColours = () => useQuery(coloursQueryOptions());
