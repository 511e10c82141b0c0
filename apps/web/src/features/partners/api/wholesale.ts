import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { WholesaleBody } from '@bloomline/contract';
import { closedMonthRoutes, payoutRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { partnerKeys, payoutKeys } from '@/lib/query-keys';

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

/**
 * GET /api/closed-months: the first open month (issue 46). The wholesale dialog offers no day before it: a
 * closed month's statements never change. Read afresh each time the dialog shows (a payout may close one).
 */
export const getClosedMonths = (signal?: AbortSignal) =>
  call(closedMonthRoutes.get, {}, { signal }).then((r) => r.data);

export const useClosedMonths = () =>
  useQuery({
    queryKey: payoutKeys.closedMonths(),
    queryFn: ({ signal }) => getClosedMonths(signal),
    staleTime: 0,
  });
