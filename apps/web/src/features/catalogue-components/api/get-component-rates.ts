import { queryOptions, useQuery } from '@tanstack/react-query';

import { componentRateRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentRateKeys } from '@/lib/query-keys';

/** A component's rates, one per profit centre, by the centre's name. */
export const getComponentRates = (componentId: number, signal?: AbortSignal) =>
  call(componentRateRoutes.list, { params: { id: componentId } }, { signal }).then((r) => r.data);

export const componentRatesQueryOptions = (componentId: number) =>
  queryOptions({
    queryKey: componentRateKeys.list({ componentId }),
    queryFn: ({ signal }) => getComponentRates(componentId, signal),
  });

export const useComponentRates = (componentId: number) => useQuery(componentRatesQueryOptions(componentId));
