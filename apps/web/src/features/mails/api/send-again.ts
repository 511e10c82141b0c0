import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mailRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { mailKeys } from '@/lib/query-keys';

/** POST /api/mails/{id}/send-again: a failed mail queued once more (409 once it is not failed). */
export function useSendAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call(mailRoutes.sendAgain, { params: { id }, body: {} }, { handles: [409] }).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.lists() }),
  });
}
