import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerPickerItem } from '@bloomline/contract';

import { api } from '@/api/client';
import { partnerKeys } from '@/lib/query-keys';

/** GET /api/partners?q=: the partner choice of a partner user (staff only). */
export const getPartnerOptions = (q: string, signal?: AbortSignal) =>
  api.get<{ data: PartnerPickerItem[] }>('/api/partners', { query: { q }, signal }).then((r) => r.data);

export const partnerOptionsQuery = (q: string) =>
  queryOptions({
    // Under the partners' lists: a partner change invalidates them, so this copy never outlives an edit.
    queryKey: partnerKeys.list({ picker: true, q }),
    queryFn: ({ signal }) => getPartnerOptions(q, signal),
    staleTime: 5 * 60_000,
  });

export const usePartnerOptions = (q: string, enabled = true) =>
  useQuery({ ...partnerOptionsQuery(q), enabled, placeholderData: keepPreviousData });
