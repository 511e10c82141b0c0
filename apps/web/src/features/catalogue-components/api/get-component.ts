import { queryOptions, useQuery } from '@tanstack/react-query';

import { componentRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { componentKeys } from '@/lib/query-keys';

export const getComponent = (id: number, signal?: AbortSignal) =>
  call(componentRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const componentQueryOptions = (id: number) =>
  queryOptions({ queryKey: componentKeys.detail(id), queryFn: ({ signal }) => getComponent(id, signal) });

export const useComponentDetail = (id: number) => useQuery(componentQueryOptions(id));
