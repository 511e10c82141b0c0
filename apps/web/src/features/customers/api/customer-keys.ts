import type { CustomerListQuery } from '@bloomline/contract';

/** What a customers list is asked for: the contract's request, every part optional. */
export type CustomerListParams = Partial<CustomerListQuery>;

/** The keys live with the pickers that search the same lists (lib/query-keys.ts). */
export { customerKeys } from '@/lib/query-keys';
