import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { userRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { userKeys, type UserListParams } from '@/lib/query-keys';

/** GET /api/users: staff only, paged like Laravel. */
export const getUsers = (params: UserListParams, signal?: AbortSignal) =>
  call(userRoutes.list, { query: params }, { signal });

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: ({ signal }) => getUsers(params, signal) });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useUsers = (params: UserListParams) =>
  useQuery({ ...usersQueryOptions(params), placeholderData: keepPreviousData });
