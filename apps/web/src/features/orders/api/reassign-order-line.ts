import { useMutation, useQueryClient } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

import { invalidateOrder } from './invalidate-order';

export type ReassignVariables = { lineId: number; partnerId: number };

/** POST /api/reassign-order-line/:lineId {partner_id}: the partner is told by e-mail. */
export const reassignOrderLine = ({ lineId, partnerId }: ReassignVariables) =>
  call(
    orderRoutes.lineAssign,
    { params: { id: lineId }, body: { partner_id: partnerId } },
    { handles: [409] },
  );

export function useReassignOrderLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignOrderLine,
    onSettled: () => invalidateOrder(queryClient, orderId),
  });
}
