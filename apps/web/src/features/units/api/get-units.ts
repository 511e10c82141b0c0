import { queryOptions, useQuery } from '@tanstack/react-query';

import { unitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { measureUnitKeys } from '@/lib/query-keys';

/** Staff only; sorted by name. */
export const getUnits = (signal?: AbortSignal) => call(unitRoutes.list, {}, { signal }).then((r) => r.data);

export const unitsQueryOptions = () =>
  queryOptions({ queryKey: measureUnitKeys.list({}), queryFn: ({ signal }) => getUnits(signal) });

export const useUnits = () => useQuery(unitsQueryOptions());
