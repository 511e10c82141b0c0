import type { OrderListQuery } from '@bloomline/contract';

import { orderOnpayKey } from '@/api/order-onpay';
import { resourceKeys } from '@/lib/query-keys';

/** What a list is asked for: the contract's query, every part optional. */
export type OrderListParams = Partial<OrderListQuery>;

/**
 * Query keys of the orders area. History and on-pay sit under the order's detail key, so invalidating
 * `detail(id)` refreshes all three.
 */
const base = resourceKeys<OrderListParams>('orders');

export const orderKeys = {
  ...base,
  detail: (id: number) => base.detail(id),
  history: (id: number) => [...orderKeys.detail(id), 'history'] as const,
  onpay: orderOnpayKey,
  dashboard: () => [...orderKeys.all, 'dashboard'] as const,
  candidates: (lineId: number, all: boolean, q: string) =>
    [...orderKeys.all, 'candidates', lineId, { all, q }] as const,
  rejectReasons: () => [...orderKeys.all, 'reject-reasons'] as const,
};
