import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { productRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { productKeys, type ProductListParams } from '@/lib/query-keys';

/** GET /api/products: staff only, paged like Laravel. */
export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  call(productRoutes.list, { query: params }, { signal });

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({ queryKey: productKeys.list(params), queryFn: ({ signal }) => getProducts(params, signal) });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useProducts = (params: ProductListParams) =>
  useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
