import type { QueryClient } from '@tanstack/react-query';

import type { CustomerListItem, CustomerPartnerBody } from '@bloomline/contract';

import { api } from '@/api/client';
import { invalidateResources } from '@/lib/query-keys';

import { customerKeys } from './customer-keys';

/** PUT /api/customers/{id} with `partnerId`: a partner's id, or null to clear it. */
export const setCustomerPartner = (id: number, body: CustomerPartnerBody) =>
  api.put<{ data: CustomerListItem }>(`/api/customers/${id}`, body).then((r) => r.data);

/** After a change of partner: the customers' lists and that customer. */
export const afterCustomerPartnerChange = (queryClient: QueryClient, id: number) =>
  invalidateResources(queryClient, [{ keys: customerKeys, id }]);
