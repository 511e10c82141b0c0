import { useMutation, useQueryClient } from '@tanstack/react-query';

import { orderRoutes, type LineAction } from '@bloomline/contract';

import { call } from '@/api/call';

import { invalidateOrder, type ActionResult } from './invalidate-order';

/** Line actions that are a plain call (assign goes through the reassign call). */
export type SimpleLineAction = Exclude<LineAction, 'assign'>;
export type LineActionVariables = { action: SimpleLineAction; lineId: number; reason?: string };

/**
 * The call behind a line action, as the route table declares it (from the workflow's table): the line id in the
 * body (the older calls, reject with its reason) or in the path. A 409 (someone acted first) is the caller's.
 */
export function postLineAction({ action, lineId, reason }: LineActionVariables): Promise<ActionResult> {
  const handles = [409];
  if (action === 'reject')
    return call(orderRoutes.lineReject, { body: { id: lineId, reason: reason ?? '' } }, { handles });
  if (action in orderRoutes.lineActionByBody)
    return call(
      orderRoutes.lineActionByBody[action as keyof typeof orderRoutes.lineActionByBody],
      { body: { id: lineId } },
      { handles },
    );
  return call(
    orderRoutes.lineActionByPath[action as keyof typeof orderRoutes.lineActionByPath],
    { params: { id: lineId } },
    { handles },
  );
}

export function useLineAction(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLineAction,
    onSettled: () => invalidateOrder(queryClient, orderId),
  });
}
