import { queryOptions, useQuery } from '@tanstack/react-query';

import { componentUnitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentUnitKeys } from '@/lib/query-keys';

/** Every component unit, by measure unit and quantity: the component form's unit picker. */
export const getComponentUnits = (signal?: AbortSignal) =>
  call(componentUnitRoutes.list, {}, { signal }).then((r) => r.data);

export const componentUnitsQueryOptions = () =>
  queryOptions({
    queryKey: componentUnitKeys.list({}),
    queryFn: ({ signal }) => getComponentUnits(signal),
  });

export const useComponentUnits = () => useQuery(componentUnitsQueryOptions());
