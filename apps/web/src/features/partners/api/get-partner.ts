import { queryOptions, useQuery } from '@tanstack/react-query';

import { partnerRoutes, productRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { partnerKeys } from '@/lib/query-keys';

/** GET /api/partners/{id}: staff any partner, a partner user their own (any other is 404). */
export const getPartner = (id: number, signal?: AbortSignal) =>
  call(partnerRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const partnerQueryOptions = (id: number) =>
  queryOptions({ queryKey: partnerKeys.detail(id), queryFn: ({ signal }) => getPartner(id, signal) });

export const usePartner = (id: number, enabled = true) => useQuery({ ...partnerQueryOptions(id), enabled });

/** GET /api/partners/{id}/products: the products the partner is linked to. */
export const getPartnerProducts = (id: number, signal?: AbortSignal) =>
  call(productRoutes.ofPartner, { params: { id } }, { signal }).then((r) => r.data);

export const usePartnerProducts = (id: number) =>
  useQuery({
    // Under the partner's record, so a change of the partner refreshes it too.
    queryKey: partnerKeys.products(id),
    queryFn: ({ signal }) => getPartnerProducts(id, signal),
  });
