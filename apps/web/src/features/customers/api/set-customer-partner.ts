import type { QueryClient } from '@tanstack/react-query';

import type { CustomerPartnerBody } from '@bloomline/contract';
import { customerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { customerKeys, invalidateResources } from '@/lib/query-keys';

/** PUT /api/customers/{id} with `partnerId`: a partner's id, or null to clear it. */
export const setCustomerPartner = (id: number, body: CustomerPartnerBody) =>
  call(customerRoutes.setPartner, { params: { id }, body }).then((r) => r.data);

/** After a change of partner: the customers' lists and that customer. */
export const afterCustomerPartnerChange = (queryClient: QueryClient, id: number) =>
  invalidateResources(queryClient, [{ keys: customerKeys, id }]);
