import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerPickerItem } from '@bloomline/contract';

import { api } from '@/api/client';

import { orderKeys } from './order-keys';

/** Staff only. */
export const getPartners = (q: string, signal?: AbortSignal) =>
  api.get<{ data: PartnerPickerItem[] }>('/api/partners', { query: { q }, signal }).then((r) => r.data);

export const partnersQueryOptions = (q = '') =>
  queryOptions({
    queryKey: orderKeys.partners(q),
    queryFn: ({ signal }) => getPartners(q, signal),
    staleTime: 5 * 60_000,
  });

export const usePartners = (q = '', enabled = true) => useQuery({ ...partnersQueryOptions(q), enabled });
