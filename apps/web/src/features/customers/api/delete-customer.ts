import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import { invalidateResources } from '@/lib/query-keys';

import { customerKeys } from './customer-keys';

/** DELETE /api/customers/{id}: the customer goes, their orders stay (with the buyer named on them). */
export const deleteCustomer = (id: number) => api.delete<void>(`/api/customers/${id}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    // The orders keep showing the buyer's name, so only the customers' copies are stale.
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: customerKeys, id }]),
  });
}
