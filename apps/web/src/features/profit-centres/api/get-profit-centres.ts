import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProfitCentre } from '@bloomline/contract';

import { api } from '@/api/client';
import { profitCentreKeys } from '@/lib/query-keys';

/** Staff only; sorted by name. */
export const getProfitCentres = (signal?: AbortSignal) =>
  api.get<{ data: ProfitCentre[] }>('/api/profit-centres', { signal }).then((r) => r.data);

export const profitCentresQueryOptions = () =>
  queryOptions({ queryKey: profitCentreKeys.list({}), queryFn: ({ signal }) => getProfitCentres(signal) });

export const useProfitCentres = () => useQuery(profitCentresQueryOptions());

/** Case-insensitive contains on the name: the list is short, so the browser searches it. */
export function filterProfitCentres(centres: readonly ProfitCentre[], q: string): ProfitCentre[] {
  const needle = q.trim().toLocaleLowerCase();
  return needle ? centres.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : [...centres];
}
