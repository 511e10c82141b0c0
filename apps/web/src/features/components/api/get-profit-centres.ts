import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProfitCentre } from '@bloomline/contract';

import { api } from '@/api/client';
import { profitCentreKeys } from '@/lib/query-keys';

/** The profit centres a rate is picked in (GET /api/profit-centres, staff only, by name). */
export const getProfitCentres = (signal?: AbortSignal) =>
  api.get<{ data: ProfitCentre[] }>('/api/profit-centres', { signal }).then((r) => r.data);

export const useProfitCentres = () =>
  useQuery(
    queryOptions({ queryKey: profitCentreKeys.list({}), queryFn: ({ signal }) => getProfitCentres(signal) }),
  );
