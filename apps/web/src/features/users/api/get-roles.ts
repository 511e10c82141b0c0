import { queryOptions, useQuery } from '@tanstack/react-query';

import { userRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { roleKeys } from '@/lib/query-keys';

/** GET /api/roles: staff only; two fixed rows, so kept for the session. */
export const rolesQueryOptions = queryOptions({
  queryKey: roleKeys.lists(),
  queryFn: ({ signal }) => call(userRoutes.roles, {}, { signal }).then((r) => r.data),
  staleTime: Infinity,
});

export const useRoles = () => useQuery(rolesQueryOptions);
