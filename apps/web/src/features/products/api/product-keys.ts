import type { ProductListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a products list is asked for: the contract's request, every part optional. */
export type ProductListParams = Partial<ProductListQuery>;

export const productKeys = resourceKeys<ProductListParams>('products');

/**
 * The component picker's copies sit among the components' lists (`['components', 'list', 'picker', …]`),
 * so a change made in the components screens invalidates them too, while the word 'picker' keeps them
 * apart from those screens' own list copies (a page of another size).
 */
export const componentKeys = resourceKeys('components');
export const componentPickerKey = (q: string) => [...componentKeys.lists(), 'picker', { q }] as const;
