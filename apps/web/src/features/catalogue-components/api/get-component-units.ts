import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ComponentUnit } from '@bloomline/contract';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

export const componentUnitKeys = resourceKeys<Record<string, never>>('component-units');

/** Every component unit, by measure unit and quantity: the component form's unit picker. */
export const getComponentUnits = (signal?: AbortSignal) =>
  api.get<{ data: ComponentUnit[] }>('/api/component-units', { signal }).then((r) => r.data);

export const componentUnitsQueryOptions = () =>
  queryOptions({
    queryKey: componentUnitKeys.list({}),
    queryFn: ({ signal }) => getComponentUnits(signal),
  });

export const useComponentUnits = () => useQuery(componentUnitsQueryOptions());
