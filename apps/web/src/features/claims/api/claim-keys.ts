import type { RefundListQuery, ReturnListQuery } from '@bloomline/contract';

import { resourceKeys } from '@/lib/query-keys';

/** What a returns list is asked for: the contract's request, every part optional. */
export type ReturnListParams = Partial<ReturnListQuery>;
/** What a page of refund cards is asked for: page, search and open/processed. */
export type RefundListParams = Partial<Pick<RefundListQuery, 'page' | 'q' | 'status'>>;

export const returnKeys = resourceKeys<ReturnListParams>('returns');
export const refundKeys = resourceKeys<RefundListParams>('refunds');
