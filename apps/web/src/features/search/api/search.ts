import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, searchRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { searchKey } from '@/lib/query-keys';

/** Whether the text is one the server searches for (2 to 100 characters). */
export const searchable = (q: string) => q.length >= MIN_SEARCH_LENGTH && q.length <= MAX_SEARCH_LENGTH;

/** GET /api/search?q=: what the signed-in user may see that answers `q`. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKey(q),
    queryFn: ({ signal }) => call(searchRoutes.search, { query: { q } }, { signal }).then((r) => r.data),
    // The answer for a word typed a moment ago is still good; the list of what was shown stays while typing.
    staleTime: 30_000,
  });

export const useSearch = (q: string) =>
  useQuery({ ...searchQueryOptions(q), enabled: searchable(q), placeholderData: keepPreviousData });
