import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { WholesaleBody } from '@bloomline/contract';
import { payoutRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { partnerKeys } from '@/lib/query-keys';

export const useWholesale = (partnerId: number, page: number) =>
  useQuery(
    queryOptions({
      queryKey: partnerKeys.wholesalePage(partnerId, page),
      queryFn: ({ signal }) =>
        call(payoutRoutes.wholesale, { params: { id: partnerId }, query: { page } }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /api/partners/{id}/wholesale: a deduction on that month's statement. */
export const addWholesale = (partnerId: number, body: WholesaleBody, idempotencyKey?: string) =>
  call(payoutRoutes.addWholesale, { params: { id: partnerId }, body }, { idempotencyKey }).then(
    (r) => r.data,
  );
