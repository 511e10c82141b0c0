import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Colour, MeasureUnit } from '@bloomline/contract';

import { api } from '@/api/client';
import { colourKeys, measureUnitKeys } from '@/lib/query-keys';

/*
 * What the component form picks from that other screens keep: colours and units of measure, on their
 * shared keys, so an edit there refreshes the pickers here.
 */

export const getColourOptions = (signal?: AbortSignal) =>
  api.get<{ data: Colour[] }>('/api/colours', { signal }).then((r) => r.data);

export const colourOptionsQuery = () =>
  queryOptions({ queryKey: colourKeys.list({}), queryFn: ({ signal }) => getColourOptions(signal) });

export const useColourOptions = () => useQuery(colourOptionsQuery());

export const getMeasureUnitOptions = (signal?: AbortSignal) =>
  api.get<{ data: MeasureUnit[] }>('/api/measure-units', { signal }).then((r) => r.data);

export const measureUnitOptionsQuery = () =>
  queryOptions({
    queryKey: measureUnitKeys.list({}),
    queryFn: ({ signal }) => getMeasureUnitOptions(signal),
  });

export const useMeasureUnitOptions = () => useQuery(measureUnitOptionsQuery());
