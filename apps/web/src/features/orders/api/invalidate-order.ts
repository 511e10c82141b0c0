import type { QueryClient } from '@tanstack/react-query';

import type { actionResult } from '@bloomline/contract';

import { orderKeys } from '@/lib/query-keys';

/** What every workflow call answers; typed from the contract's schema. */
export type ActionResult = (typeof actionResult)['_output'];

/**
 * After a workflow call: the order (with its history and on-pay), every list and the dashboard counts.
 * `refetchDetail: false` only marks the order stale, for calls after which it is no longer ours to see.
 */
export function invalidateOrder(queryClient: QueryClient, orderId: number, { refetchDetail = true } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: orderKeys.detail(orderId),
      refetchType: refetchDetail ? 'active' : 'none',
    }),
    queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: orderKeys.dashboard() }),
  ]);
}
