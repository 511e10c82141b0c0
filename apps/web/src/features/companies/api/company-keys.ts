import type { CompanyListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

export { xeroContactKeys } from '@/lib/query-keys';

/** What a companies list is asked for: the contract's request, every part optional. */
export type CompanyListParams = Partial<CompanyListQuery>;

export const companyKeys = resourceKeys<CompanyListParams>('companies');
