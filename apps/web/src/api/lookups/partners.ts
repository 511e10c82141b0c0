import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerPickerItem } from '@bloomline/contract';
import { partnerRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { partnerKeys } from '@/lib/query-keys';

import { LOOKUP_CACHE } from './cache-policy';

/** GET /api/partners?q=: the partners whose name holds `q` (staff only), for a picker. */
export const getPartnerLookup = (q: string, signal?: AbortSignal) =>
  call(partnerRoutes.list, { query: { q } }, { signal }).then((r) => r.data);

export const partnerLookupQuery = (q = '') =>
  queryOptions({
    // Under the partners' lists: a partner change invalidates them, so this copy never outlives an edit.
    queryKey: partnerKeys.list({ picker: true, q }),
    queryFn: ({ signal }) => getPartnerLookup(q, signal),
    ...LOOKUP_CACHE,
  });

export const usePartnerLookup = (q = '', enabled = true) => useQuery({ ...partnerLookupQuery(q), enabled });

/** A partner as a picker's choice: its id and name. */
export const partnerChoices = (partners: readonly PartnerPickerItem[]) =>
  partners.map((p) => ({ value: String(p.id), label: p.name }));
