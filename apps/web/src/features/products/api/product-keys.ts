import type { ProductListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a products list is asked for: the contract's request, every part optional. */
export type ProductListParams = Partial<ProductListQuery>;

export const productKeys = resourceKeys<ProductListParams>('products');
