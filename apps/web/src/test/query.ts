import type { QueryView } from '@/ui/query-view';

/** A query as the kit's pieces read it: settled with no failure, unless told otherwise. */
export const aQuery = (state: Partial<QueryView> = {}): QueryView => ({
  isLoading: false,
  isError: false,
  error: null,
  refetch: () => undefined,
  ...state,
});
