import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Role } from '@bloomline/contract';

import { api } from '@/api/client';

import { roleKeys } from './user-keys';

/** GET /api/roles: staff only; two fixed rows, so kept for the session. */
export const rolesQueryOptions = queryOptions({
  queryKey: roleKeys.lists(),
  queryFn: ({ signal }) => api.get<{ data: Role[] }>('/api/roles', { signal }).then((r) => r.data),
  staleTime: Infinity,
});

export const useRoles = () => useQuery(rolesQueryOptions);
