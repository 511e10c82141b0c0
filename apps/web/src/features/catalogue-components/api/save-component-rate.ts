import { useQueryClient } from '@tanstack/react-query';

import type { ComponentRate, ComponentRateBody } from '@bloomline/contract';

import { api } from '@/api/client';
import { componentRateKeys, invalidateResources } from '@/lib/query-keys';

import { componentKeys } from './component-keys';

/**
 * POST /api/components/{id}/rates to add a rate, PUT /api/components/{id}/rates/{rateId} to change one.
 * The server prices it: only the inputs are sent.
 */
export const saveComponentRate = (componentId: number, values: ComponentRateBody, rateId?: number) =>
  (rateId === undefined
    ? api.post<{ data: ComponentRate }>(`/api/components/${componentId}/rates`, values)
    : api.put<{ data: ComponentRate }>(`/api/components/${componentId}/rates/${rateId}`, values)
  ).then((r) => r.data);

/** After a rate changed: the component's rates, and the component (its count of rates). */
export function useRatesChanged(componentId: number) {
  const queryClient = useQueryClient();
  return () =>
    invalidateResources(queryClient, [componentRateKeys, { keys: componentKeys, id: componentId }]);
}
