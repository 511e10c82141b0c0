import { queryOptions } from '@tanstack/react-query';

import { componentRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { resourceKeys } from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';

/** How many components a picker offers for one search. */
export const COMPONENT_LOOKUP_SIZE = 50;

/**
 * The picker's copies sit among the components' lists (`['components', 'list', 'picker', …]`), so a change
 * made in the components screens invalidates them too, while the word 'picker' keeps them apart from those
 * screens' own list copies (a page of another size).
 */
export const componentLookupKey = (q: string) =>
  [...resourceKeys('components').lists(), 'picker', { q }] as const;

/** GET /api/components?q=: the components whose name contains the search, by name. */
export const componentLookupQuery = (q: string) =>
  queryOptions({
    queryKey: componentLookupKey(q),
    queryFn: ({ signal }) =>
      call(
        componentRoutes.list,
        { query: { q: q || undefined, per_page: COMPONENT_LOOKUP_SIZE } },
        { signal },
      ),
    ...LOOKUP_CACHE,
  });
