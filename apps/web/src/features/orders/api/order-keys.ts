import type { OrderListQuery } from '@bloomline/contract';

/** What a list is asked for: the contract's query, every part optional. */
export type OrderListParams = Partial<OrderListQuery>;

/**
 * Query keys of the orders area. History and on-pay sit under the order's detail key, so invalidating
 * `detail(id)` refreshes all three.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  history: (id: number) => [...orderKeys.detail(id), 'history'] as const,
  onpay: (id: number) => [...orderKeys.detail(id), 'onpay'] as const,
  dashboard: () => [...orderKeys.all, 'dashboard'] as const,
  candidates: (lineId: number, all: boolean, q: string) =>
    [...orderKeys.all, 'candidates', lineId, { all, q }] as const,
  rejectReasons: () => [...orderKeys.all, 'reject-reasons'] as const,
  partners: (q: string) => [...orderKeys.all, 'partners', q] as const,
};
