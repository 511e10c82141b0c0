import { useMutation, useQueryClient } from '@tanstack/react-query';

import { unitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { invalidateResources, measureUnitKeys } from '@/lib/query-keys';

/** A unit still used by a component unit is refused with a 409 naming the use: the dialog shows it. */
export const deleteUnit = (id: number) => call(unitRoutes.remove, { params: { id } }, { handles: [409] });

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnit,
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: measureUnitKeys, id }]),
  });
}
