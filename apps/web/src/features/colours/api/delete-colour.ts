import { useMutation, useQueryClient } from '@tanstack/react-query';

import { colourRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { colourKeys, invalidateResources } from '@/lib/query-keys';

/** A colour components are in is refused with a 409 naming them: the dialog shows it. */
export const deleteColour = (id: number) => call(colourRoutes.remove, { params: { id } }, { handles: [409] });

export function useDeleteColour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColour,
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: colourKeys, id }]),
  });
}
