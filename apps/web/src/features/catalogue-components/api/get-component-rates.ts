import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ComponentRate } from '@bloomline/contract';

import { api } from '@/api/client';
import { componentRateKeys } from '@/lib/query-keys';

/** A component's rates, one per profit centre, by the centre's name. */
export const getComponentRates = (componentId: number, signal?: AbortSignal) =>
  api.get<{ data: ComponentRate[] }>(`/api/components/${componentId}/rates`, { signal }).then((r) => r.data);

export const componentRatesQueryOptions = (componentId: number) =>
  queryOptions({
    queryKey: componentRateKeys.list({ componentId }),
    queryFn: ({ signal }) => getComponentRates(componentId, signal),
  });

export const useComponentRates = (componentId: number) => useQuery(componentRatesQueryOptions(componentId));
