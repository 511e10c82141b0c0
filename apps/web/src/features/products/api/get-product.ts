import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Product, ProductPartner } from '@bloomline/contract';

import { api } from '@/api/client';

import { productKeys } from './product-keys';

/** GET /api/products/{id}: the product with its variants and their recipes (the variant screens read it). */
export const getProduct = (id: number, signal?: AbortSignal) =>
  api.get<{ data: Product }>(`/api/products/${id}`, { signal }).then((r) => r.data);

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: number) => useQuery(productQueryOptions(id));

/** GET /api/products/{id}/partners; kept under the product, so invalidating it reaches this too. */
export const getProductPartners = (id: number, signal?: AbortSignal) =>
  api.get<{ data: ProductPartner[] }>(`/api/products/${id}/partners`, { signal }).then((r) => r.data);

export const useProductPartners = (id: number) =>
  useQuery({
    queryKey: [...productKeys.detail(id), 'partners'],
    queryFn: ({ signal }) => getProductPartners(id, signal),
  });
