import { useQueryClient } from '@tanstack/react-query';

import type { ComponentRateBody } from '@bloomline/contract';
import { componentRateRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentKeys, componentRateKeys, invalidateResources } from '@/lib/query-keys';

/**
 * POST /api/components/{id}/rates to add a rate, PUT /api/components/{id}/rates/{rateId} to change one.
 * The server prices it: only the inputs are sent.
 */
export const saveComponentRate = (componentId: number, values: ComponentRateBody, rateId?: number) =>
  (rateId === undefined
    ? call(componentRateRoutes.create, { params: { id: componentId }, body: values })
    : call(componentRateRoutes.update, { params: { id: componentId, rateId }, body: values })
  ).then((r) => r.data);

/** After a rate changed: the component's rates, and the component (its count of rates). */
export function useRatesChanged(componentId: number) {
  const queryClient = useQueryClient();
  return () =>
    invalidateResources(queryClient, [componentRateKeys, { keys: componentKeys, id: componentId }]);
}
