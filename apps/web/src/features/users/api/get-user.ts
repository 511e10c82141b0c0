import { queryOptions, useQuery } from '@tanstack/react-query';

import type { UserRecord } from '@bloomline/contract';

import { api } from '@/api/client';

import { userKeys } from './user-keys';

export const getUser = (id: number, signal?: AbortSignal) =>
  api.get<{ data: UserRecord }>(`/api/users/${id}`, { signal }).then((r) => r.data);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUserDetail = (id: number) => useQuery(userQueryOptions(id));
