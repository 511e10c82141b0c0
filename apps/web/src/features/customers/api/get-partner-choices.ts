import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerPickerItem } from '@bloomline/contract';

import { api } from '@/api/client';
import { partnerKeys } from '@/lib/query-keys';

/** GET /api/partners?q=: the partners a customer can be given, searched by name on the server. */
export const getPartnerChoices = (q: string, signal?: AbortSignal) =>
  api.get<{ data: PartnerPickerItem[] }>('/api/partners', { query: { q }, signal }).then((r) => r.data);

export const partnerChoicesQueryOptions = (q: string) =>
  queryOptions({
    // Under the partners' lists: a partner change invalidates them.
    queryKey: partnerKeys.list({ picker: true, q }),
    queryFn: ({ signal }) => getPartnerChoices(q, signal),
    staleTime: 60_000,
  });

export const usePartnerChoices = (q: string, enabled = true) =>
  useQuery({ ...partnerChoicesQueryOptions(q), placeholderData: keepPreviousData, enabled });
