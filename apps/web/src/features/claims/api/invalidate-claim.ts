import type { QueryClient } from '@tanstack/react-query';

import { invalidateResources, orderKeys, type ResourceKeys } from '@/lib/query-keys';

/**
 * After a return or refund is processed (or found already processed, a 409): its record and the lists, and
 * every orders query, since its lines' statuses, the order's status and the dashboard counts move with it.
 */
export function invalidateClaim(queryClient: QueryClient, keys: ResourceKeys, id: number) {
  return Promise.all([
    invalidateResources(queryClient, [{ keys, id }]),
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  ]);
}
