import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';
import { colourKeys, invalidateResources } from '@/lib/query-keys';

/** A colour components are in is refused with a 409 naming them: the dialog shows it. */
export const deleteColour = (id: number) => api.delete<void>(`/api/colours/${id}`, { handles: [409] });

export function useDeleteColour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColour,
    onSuccess: (_, id) => invalidateResources(queryClient, [{ keys: colourKeys, id }]),
  });
}
