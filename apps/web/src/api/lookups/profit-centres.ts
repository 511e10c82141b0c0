import { queryOptions, useQuery } from '@tanstack/react-query';

import { profitCentreRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { profitCentreKeys } from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';

/** GET /api/profit-centres: every profit centre (a handful, staff only), by name. */
export const getProfitCentres = (signal?: AbortSignal) =>
  call(profitCentreRoutes.list, {}, { signal }).then((r) => r.data);

/** One copy for the profit centres screen and every picker of a centre (rates, recipe lines). */
export const profitCentresQuery = () =>
  queryOptions({
    queryKey: profitCentreKeys.list({}),
    queryFn: ({ signal }) => getProfitCentres(signal),
    ...LOOKUP_CACHE,
  });

export const useProfitCentres = () => useQuery(profitCentresQuery());
