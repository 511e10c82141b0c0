import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CustomerListItem, CustomerPartnerBody } from '@bloomline/contract';

import { api } from '@/api/client';
import { invalidateResources } from '@/lib/query-keys';

import { customerKeys } from './customer-keys';

/** PUT /api/customers/{id} with `partnerId`: a partner's id, or null to clear it. */
export const setCustomerPartner = (id: number, body: CustomerPartnerBody) =>
  api.put<{ data: CustomerListItem }>(`/api/customers/${id}`, body).then((r) => r.data);

export function useSetCustomerPartner(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: number | null) => setCustomerPartner(id, { partnerId }),
    onSuccess: () => invalidateResources(queryClient, [{ keys: customerKeys, id }]),
  });
}
