import type { ProductListQuery } from '@bloomline/contract';

/** What a products list is asked for: the contract's request, every part optional. */
export type ProductListParams = Partial<ProductListQuery>;

/** The keys live with the pickers that search the same lists (lib/query-keys.ts). */
export { productKeys } from '@/lib/query-keys';
