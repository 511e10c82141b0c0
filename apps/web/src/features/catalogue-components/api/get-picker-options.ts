import { queryOptions, useQuery } from '@tanstack/react-query';

import { colourRoutes, unitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { colourKeys, measureUnitKeys } from '@/lib/query-keys';

/*
 * What the component form picks from that other screens keep: colours and units of measure, on their
 * shared keys, so an edit there refreshes the pickers here.
 */

export const getColourOptions = (signal?: AbortSignal) =>
  call(colourRoutes.list, {}, { signal }).then((r) => r.data);

export const colourOptionsQuery = () =>
  queryOptions({ queryKey: colourKeys.list({}), queryFn: ({ signal }) => getColourOptions(signal) });

export const useColourOptions = () => useQuery(colourOptionsQuery());

export const getMeasureUnitOptions = (signal?: AbortSignal) =>
  call(unitRoutes.list, {}, { signal }).then((r) => r.data);

export const measureUnitOptionsQuery = () =>
  queryOptions({
    queryKey: measureUnitKeys.list({}),
    queryFn: ({ signal }) => getMeasureUnitOptions(signal),
  });

export const useMeasureUnitOptions = () => useQuery(measureUnitOptionsQuery());
