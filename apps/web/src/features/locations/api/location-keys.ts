import type { LocationListQuery } from '@bloomline/contract';

/** What a locations list is asked for: the contract's request, every part optional. */
export type LocationListParams = Partial<LocationListQuery>;

/** The keys live with the pickers that search the same lists (lib/query-keys.ts). */
export { locationKeys } from '@/lib/query-keys';
