import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PartnersQuery } from '@bloomline/contract';
import { partnerRoutes } from '@bloomline/contract';

import { call, pathOf } from '@/api/call';
import { downloadFile } from '@/api/download';
import { partnerKeys } from '@/lib/query-keys';

/** GET /api/partners: staff only; the whole list by name, searched by name, city or owner. */
export const getPartners = (params: PartnersQuery, signal?: AbortSignal) =>
  call(partnerRoutes.list, { query: params }, { signal }).then((r) => r.data);

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
  downloadFile(pathOf(partnerRoutes.export), { q: params.q }, 'partners.csv');
