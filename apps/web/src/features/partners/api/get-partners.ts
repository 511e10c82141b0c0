import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnerListItem, PartnersQuery } from '@bloomline/contract';

import { api } from '@/api/client';
import { downloadFile } from '@/api/download';
import { partnerKeys } from '@/lib/query-keys';

/** GET /api/partners: staff only; the whole list by name, searched by name, city or owner. */
export const getPartners = (params: PartnersQuery, signal?: AbortSignal) =>
  api.get<{ data: PartnerListItem[] }>('/api/partners', { query: params, signal }).then((r) => r.data);

export const partnersQueryOptions = (params: PartnersQuery) =>
  queryOptions({
    queryKey: partnerKeys.list({ q: params.q }),
    queryFn: ({ signal }) => getPartners(params, signal),
  });

/** The table and the map keep showing the last search while the next one loads. */
export const usePartnerList = (params: PartnersQuery) =>
  useQuery({ ...partnersQueryOptions(params), placeholderData: keepPreviousData });

/** GET /api/partners/export: the list as searched, saved under the name the server gives it. */
export const exportPartners = (params: PartnersQuery) =>
  downloadFile('/api/partners/export', { q: params.q }, 'partners.csv');
