import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MailListItem } from '@bloomline/contract';

import { api } from '@/api/client';

import { mailKeys } from './mail-keys';

/** POST /api/mails/{id}/send-again: a failed mail queued once more (409 once it is not failed). */
export function useSendAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api
        .post<{ data: MailListItem }>(`/api/mails/${String(id)}/send-again`, {}, { handles: [409] })
        .then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.lists() }),
  });
}
