import { queryOptions, useQuery } from '@tanstack/react-query';

import { profitCentreRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { profitCentreKeys } from '@/lib/query-keys';

export const getProfitCentre = (id: number, signal?: AbortSignal) =>
  call(profitCentreRoutes.get, { params: { id } }, { signal }).then((r) => r.data);

export const profitCentreQueryOptions = (id: number) =>
  queryOptions({
    queryKey: profitCentreKeys.detail(id),
    queryFn: ({ signal }) => getProfitCentre(id, signal),
  });

export const useProfitCentreDetail = (id: number) => useQuery(profitCentreQueryOptions(id));
