import type { ComponentListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a components list is asked for (the list and the bulk edit): the contract's request, all optional. */
export type ComponentListParams = Partial<ComponentListQuery>;

export const componentKeys = resourceKeys<ComponentListParams>('components');
