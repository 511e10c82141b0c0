import { queryOptions, useQuery } from '@tanstack/react-query';

import { productRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { productKeys } from '@/lib/query-keys';

/** GET /api/products/{id}: the product with its variants and their recipes (the variant screens read it). */
export const getProduct = (id: number, signal?: AbortSignal) =>
  call(productRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: number) => useQuery(productQueryOptions(id));

/** GET /api/products/{id}/partners; kept under the product, so invalidating it reaches this too. */
export const getProductPartners = (id: number, signal?: AbortSignal) =>
  call(productRoutes.partners, { params: { id } }, { signal }).then((r) => r.data);

export const useProductPartners = (id: number) =>
  useQuery({
    queryKey: productKeys.partners(id),
    queryFn: ({ signal }) => getProductPartners(id, signal),
  });
