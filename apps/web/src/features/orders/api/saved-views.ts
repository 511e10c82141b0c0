import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { SavedViewBody, SavedViewUpdate } from '@bloomline/contract';
import { savedViewRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { savedViewKeys } from '@/lib/query-keys';

export const savedViewsQuery = () =>
  queryOptions({
    queryKey: savedViewKeys.list({ list: 'orders' }),
    queryFn: ({ signal }) =>
      call(savedViewRoutes.list, { query: { list: 'orders' } }, { signal }).then((r) => r.data),
  });

export const useSavedViews = () => useQuery(savedViewsQuery());

/** Saving, changing or deleting a view refreshes the tabs; a 422 is the dialog's to show. */
function useViewChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all }),
  });
}

export const useSaveView = () =>
  useViewChange((body: SavedViewBody) => call(savedViewRoutes.create, { body }).then((r) => r.data));

export const useUpdateView = () =>
  useViewChange(({ id, ...body }: SavedViewUpdate & { id: number }) =>
    call(savedViewRoutes.update, { params: { id }, body }).then((r) => r.data),
  );

export const useDeleteView = () =>
  useViewChange((id: number) => call(savedViewRoutes.remove, { params: { id } }, { handles: [404] }));
