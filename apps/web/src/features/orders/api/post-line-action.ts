import { useMutation, useQueryClient } from '@tanstack/react-query';

import { LINE_ACTIONS, lineActionPath, type LineAction } from '@bloomline/contract';

import { api } from '@/api/client';

import { invalidateOrder, type ActionResult } from './invalidate-order';

/** Line actions that are a plain call (assign goes through the reassign call). */
export type SimpleLineAction = Exclude<LineAction, 'assign'>;
export type LineActionVariables = { action: SimpleLineAction; lineId: number; reason?: string };

/** The call behind a line action, as the workflow table gives it: path, and the id in the body or not. */
export function postLineAction({ action, lineId, reason }: LineActionVariables) {
  const rule = LINE_ACTIONS[action];
  const body = rule.idInBody ? { id: lineId, ...(action === 'reject' ? { reason } : {}) } : undefined;
  return api.post<ActionResult>(lineActionPath(action, lineId), body, { handles: [409] });
}

export function useLineAction(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLineAction,
    onSettled: () => invalidateOrder(queryClient, orderId),
  });
}
