import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Component, Paged, ProfitCentre } from '@bloomline/contract';

import { api } from '@/api/client';

import { profitCentreKeys } from '@/lib/query-keys';

import { componentPickerKey } from './product-keys';

/** How many components the picker offers for one search. */
export const COMPONENT_OPTIONS = 50;

/** GET /api/components?q=: the components whose name contains the search, by name. */
export const componentOptionsQuery = (q: string) => {
  const params = { q: q || undefined, per_page: COMPONENT_OPTIONS };
  return queryOptions({
    queryKey: componentPickerKey(q),
    queryFn: ({ signal }) => api.get<Paged<Component>>('/api/components', { query: params, signal }),
  });
};

export const useComponentOptions = (q: string) =>
  useQuery({ ...componentOptionsQuery(q), placeholderData: keepPreviousData });

/** GET /api/profit-centres: every profit centre (a handful), the same copy the profit centres screen keeps. */
export const useProfitCentreOptions = () =>
  useQuery({
    queryKey: profitCentreKeys.list({}),
    queryFn: ({ signal }) =>
      api.get<{ data: ProfitCentre[] }>('/api/profit-centres', { signal }).then((r) => r.data),
  });
