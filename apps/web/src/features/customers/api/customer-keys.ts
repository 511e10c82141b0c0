import type { CustomerListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a customers list is asked for: the contract's request, every part optional. */
export type CustomerListParams = Partial<CustomerListQuery>;

export const customerKeys = resourceKeys<CustomerListParams>('customers');
