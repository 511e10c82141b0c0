import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProfitCentre } from '@bloomline/contract';

import { api } from '@/api/client';
import { profitCentreKeys } from '@/lib/query-keys';

export const getProfitCentre = (id: number, signal?: AbortSignal) =>
  api.get<{ data: ProfitCentre }>(`/api/profit-centres/${id}`, { signal }).then((r) => r.data);

export const profitCentreQueryOptions = (id: number) =>
  queryOptions({
    queryKey: profitCentreKeys.detail(id),
    queryFn: ({ signal }) => getProfitCentre(id, signal),
  });

export const useProfitCentreDetail = (id: number) => useQuery(profitCentreQueryOptions(id));
