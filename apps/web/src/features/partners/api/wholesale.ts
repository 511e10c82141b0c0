import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Paged, WholesaleBody, WholesalePurchase } from '@bloomline/contract';

import { api } from '@/api/client';

/** A partner's wholesale purchases: keys of their own under the partner's. */
export const wholesaleKeys = (partnerId: number) => ['partners', 'wholesale', partnerId] as const;

export const useWholesale = (partnerId: number, page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...wholesaleKeys(partnerId), page],
      queryFn: ({ signal }) =>
        api.get<Paged<WholesalePurchase>>(`/api/partners/${String(partnerId)}/wholesale`, {
          query: { page },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /api/partners/{id}/wholesale: a deduction on that month's statement. */
export const addWholesale = (partnerId: number, body: WholesaleBody) =>
  api
    .post<{ data: WholesalePurchase }>(`/api/partners/${String(partnerId)}/wholesale`, body)
    .then((r) => r.data);
