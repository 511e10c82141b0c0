/**
 * What the kit's lists, tables, charts and record frames read of the query their data comes from, to draw
 * its states in one way: a TanStack `UseQueryResult` is one. A query kept on its previous page while the
 * next loads (`keepPreviousData`) is not loading: its rows stay, as any fetching mark of the screen's own.
 */
export type QueryView = {
  /**
   * Nothing to show yet and a fetch under way (TanStack's `isLoading`): a query that is not asked (disabled,
   * say while a report's range is back to front) is not loading.
   */
  isLoading: boolean;
  isError: boolean;
  /** The failure, shown with Retry. */
  error: unknown;
  /** What Retry does. */
  refetch: () => unknown;
};
