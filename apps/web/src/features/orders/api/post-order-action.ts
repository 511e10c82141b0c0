import { useMutation, useQueryClient } from '@tanstack/react-query';

import { orderRoutes, type OrderAction } from '@bloomline/contract';

import { call } from '@/api/call';

import { invalidateOrder, type ActionResult } from './invalidate-order';

export type OrderActionVariables = { action: OrderAction; reason?: string };

/**
 * POST /api/orders/:id/{action}; `reject` carries the reason. A 409 (someone acted first) is the caller's
 * to show, not the global error screen's.
 */
export const postOrderAction = (
  orderId: number,
  { action, reason }: OrderActionVariables,
): Promise<ActionResult> =>
  action === 'reject'
    ? call(
        orderRoutes.reject,
        { params: { id: orderId }, body: { reason: reason ?? '' } },
        { handles: [409] },
      )
    : call(orderRoutes.action[action], { params: { id: orderId } }, { handles: [409] });

export function useOrderAction(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: OrderActionVariables) => postOrderAction(orderId, variables),
    // Refetch after a refusal too: the order moved on and the screen should show where it is now.
    onSettled: (_data, error, { action }) =>
      // After un-accept the order is no longer the partner's; refetching it would only answer 404.
      invalidateOrder(queryClient, orderId, { refetchDetail: !(action === 'un-accept' && !error) }),
  });
}
