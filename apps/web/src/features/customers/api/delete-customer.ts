import { useMutation, useQueryClient } from '@tanstack/react-query';

import { customerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { customerKeys, invalidateResources } from '@/lib/query-keys';

/** DELETE /api/customers/{id}: the customer goes, their orders stay (with the buyer named on them). */
export const deleteCustomer = (id: number) => call(customerRoutes.remove, { params: { id } });

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    // The orders keep showing the buyer's name, so only the customers' copies are stale.
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: customerKeys, id }]),
  });
}
