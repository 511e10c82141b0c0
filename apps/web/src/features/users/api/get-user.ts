import { queryOptions, useQuery } from '@tanstack/react-query';

import { userRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { userKeys } from '@/lib/query-keys';

export const getUser = (id: number, signal?: AbortSignal) =>
  call(userRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUserDetail = (id: number) => useQuery(userQueryOptions(id));
