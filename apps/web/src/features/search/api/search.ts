import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { SearchResult } from '@bloomline/contract';
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from '@bloomline/contract';

import { api } from '@/api/client';

/** Whether the text is one the server searches for (2 to 100 characters). */
export const searchable = (q: string) => q.length >= MIN_SEARCH_LENGTH && q.length <= MAX_SEARCH_LENGTH;

/** GET /api/search?q=: what the signed-in user may see that answers `q`. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: SearchResult[] }>('/api/search', { query: { q }, signal }).then((r) => r.data),
    // The answer for a word typed a moment ago is still good; the list of what was shown stays while typing.
    staleTime: 30_000,
  });

export const useSearch = (q: string) =>
  useQuery({ ...searchQueryOptions(q), enabled: searchable(q), placeholderData: keepPreviousData });
