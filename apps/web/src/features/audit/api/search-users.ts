import { queryOptions } from '@tanstack/react-query';

import { userRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { userKeys } from '@/lib/query-keys';

/**
 * The two fields the user filter reads of GET /api/users' items (the users area's `userRoutes.list`, searched by
 * `q`): the answer is narrowed to them, so the filter leans on nothing else of that list.
 */
export type UserOption = { id: number; name: string };

export const searchUsers = (q: string, signal?: AbortSignal) =>
  call(userRoutes.list, { query: { q } }, { signal }).then((r): UserOption[] => r.data);

/** Users whose name (or e-mail) holds `q`, for the filter's choices. */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: userKeys.picker(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    staleTime: 60_000,
  });
