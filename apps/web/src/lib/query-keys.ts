import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of one resource, after Medusa admin's query-key factory: everything of a resource sits under
 * `all`, its lists under `lists()` and each record under `detail(id)`, so one invalidation reaches all the
 * copies a change makes stale.
 */
export function resourceKeys<Params = unknown>(resource: string) {
  const keys = {
    all: [resource] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (params: Params) => [...keys.lists(), params] as const,
    details: () => [...keys.all, 'detail'] as const,
    detail: (id: number | string) => [...keys.details(), id] as const,
  };
  return keys;
}

/** What an invalidation needs of a resource's keys, whatever its list parameters. */
export type ResourceKeys = Pick<ReturnType<typeof resourceKeys>, 'all' | 'lists' | 'details' | 'detail'>;

/**
 * After a change: the lists of every resource it touches and their records (one record when `id` is given),
 * so no screen keeps a stale copy.
 */
export function invalidateResources(
  queryClient: QueryClient,
  touched: readonly (ResourceKeys | { keys: ResourceKeys; id: number | string })[],
) {
  return Promise.all(
    touched.flatMap((item) => {
      const { keys, id } = 'keys' in item ? item : { keys: item, id: undefined };
      return [
        queryClient.invalidateQueries({ queryKey: keys.lists() }),
        queryClient.invalidateQueries({ queryKey: id === undefined ? keys.details() : keys.detail(id) }),
      ];
    }),
  );
}

/**
 * Partners: shared because other areas show them (the orders' partner picker is a list of them); every
 * partner change invalidates these, so the picker's five-minute copy never outlives an edit.
 */
export const partnerKeys = resourceKeys<{ q?: string; picker?: boolean }>('partners');
