import { useMutation, useQueryClient } from '@tanstack/react-query';

import { lineActionPath } from '@bloomline/contract';

import { api } from '@/api/client';

import { invalidateOrder, type ActionResult } from './invalidate-order';

export type ReassignVariables = { lineId: number; partnerId: number };

/** POST /api/reassign-order-line/:lineId {partner_id}: the partner is told by e-mail. */
export const reassignOrderLine = ({ lineId, partnerId }: ReassignVariables) =>
  api.post<ActionResult>(lineActionPath('assign', lineId), { partner_id: partnerId }, { handles: [409] });

export function useReassignOrderLine(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignOrderLine,
    onSettled: () => invalidateOrder(queryClient, orderId),
  });
}
