import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Component } from '@bloomline/contract';

import { api } from '@/api/client';

import { componentKeys } from './component-keys';

export const getComponent = (id: number, signal?: AbortSignal) =>
  api.get<{ data: Component }>(`/api/components/${id}`, { signal }).then((r) => r.data);

export const componentQueryOptions = (id: number) =>
  queryOptions({ queryKey: componentKeys.detail(id), queryFn: ({ signal }) => getComponent(id, signal) });

export const useComponentDetail = (id: number) => useQuery(componentQueryOptions(id));
