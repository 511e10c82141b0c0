import { queryOptions } from '@tanstack/react-query';

import type { Paged } from '@bloomline/contract';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

/**
 * The two fields the user filter reads of GET /api/users' items (the users area's list, searched by `q`).
 * Narrowed here rather than re-declared: any version of that list has them.
 */
export type UserOption = { id: number; name: string };

const userKeys = resourceKeys<{ q: string; picker: true }>('users');

export const searchUsers = (q: string, signal?: AbortSignal) =>
  api.get<Paged<UserOption>>('/api/users', { query: { q }, signal }).then((r) => r.data);

/** Users whose name (or e-mail) holds `q`, for the filter's choices. */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: userKeys.list({ q, picker: true }),
    queryFn: ({ signal }) => searchUsers(q, signal),
    staleTime: 60_000,
  });
