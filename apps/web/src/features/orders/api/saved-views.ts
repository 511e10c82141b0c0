import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { SavedView, SavedViewBody, SavedViewUpdate } from '@bloomline/contract';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

/** Saved views of the order lists (issue 40), under their own root: an order's change leaves them be. */
export const savedViewKeys = resourceKeys<{ list: 'orders' }>('saved-views');

export const savedViewsQuery = () =>
  queryOptions({
    queryKey: savedViewKeys.list({ list: 'orders' }),
    queryFn: ({ signal }) =>
      api.get<{ data: SavedView[] }>('/api/views', { query: { list: 'orders' }, signal }).then((r) => r.data),
  });

export const useSavedViews = () => useQuery(savedViewsQuery());

/** Saving, changing or deleting a view refreshes the tabs; a 422 is the dialog's to show. */
function useViewChange<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}

export const useSaveView = () =>
  useViewChange((body: SavedViewBody) =>
    api.post<{ data: SavedView }>('/api/views', body).then((r) => r.data),
  );

export const useUpdateView = () =>
  useViewChange(({ id, ...body }: SavedViewUpdate & { id: number }) =>
    api.put<{ data: SavedView }>(`/api/views/${String(id)}`, body).then((r) => r.data),
  );

export const useDeleteView = () =>
  useViewChange((id: number) => api.delete(`/api/views/${String(id)}`, { handles: [404] }));
