import type { CompanyListQuery } from '@bloomline/contract';

export { xeroContactKeys } from '@/lib/query-keys';

/** What a companies list is asked for: the contract's request, every part optional. */
export type CompanyListParams = Partial<CompanyListQuery>;

/** The keys live with the pickers that search the same lists (lib/query-keys.ts). */
export { companyKeys } from '@/lib/query-keys';
