import type { LocationListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a locations list is asked for: the contract's request, every part optional. */
export type LocationListParams = Partial<LocationListQuery>;

export const locationKeys = resourceKeys<LocationListParams>('locations');
