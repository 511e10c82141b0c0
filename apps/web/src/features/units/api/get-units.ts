import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MeasureUnit } from '@bloomline/contract';

import { api } from '@/api/client';

import { unitKeys } from './unit-keys';

/** Staff only; sorted by name. */
export const getUnits = (signal?: AbortSignal) =>
  api.get<{ data: MeasureUnit[] }>('/api/measure-units', { signal }).then((r) => r.data);

export const unitsQueryOptions = () =>
  queryOptions({ queryKey: unitKeys.list({}), queryFn: ({ signal }) => getUnits(signal) });

export const useUnits = () => useQuery(unitsQueryOptions());
