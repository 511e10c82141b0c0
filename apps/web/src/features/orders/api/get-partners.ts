import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerPickerItem } from '@bloomline/contract';

import { api } from '@/api/client';
import { partnerKeys } from '@/lib/query-keys';

/** Staff only. */
export const getPartners = (q: string, signal?: AbortSignal) =>
  api.get<{ data: PartnerPickerItem[] }>('/api/partners', { query: { q }, signal }).then((r) => r.data);

export const partnersQueryOptions = (q = '') =>
  queryOptions({
    // Under the partners' lists: a partner change invalidates them, so this copy never outlives an edit.
    queryKey: partnerKeys.list({ picker: true, q }),
    queryFn: ({ signal }) => getPartners(q, signal),
    staleTime: 5 * 60_000,
  });

export const usePartners = (q = '', enabled = true) => useQuery({ ...partnersQueryOptions(q), enabled });
