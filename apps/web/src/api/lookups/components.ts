import { queryOptions } from '@tanstack/react-query';

import { componentRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentKeys } from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';

/** How many components a picker offers for one search. */
export const COMPONENT_LOOKUP_SIZE = 50;

/** GET /api/components?q=: the components whose name contains the search, by name. */
export const componentLookupQuery = (q: string) =>
  queryOptions({
    queryKey: componentKeys.picker(q),
    queryFn: ({ signal }) =>
      call(
        componentRoutes.list,
        { query: { q: q || undefined, per_page: COMPONENT_LOOKUP_SIZE } },
        { signal },
      ),
    ...LOOKUP_CACHE,
  });
