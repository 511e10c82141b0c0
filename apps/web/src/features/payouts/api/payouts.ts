import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CreatePayoutBody } from '@bloomline/contract';
import { payoutRoutes } from '@bloomline/contract';

import { call, pathOf } from '@/api/call';
import { payoutKeys, type PayoutRunParams } from '@/lib/query-keys';

/** GET /api/payouts?upTo=: each partner's unpaid bills, unsettled deductions and due up to the day. */
export const getPayoutDues = (upTo: string, signal?: AbortSignal) =>
  call(payoutRoutes.dues, { query: { upTo } }, { signal }).then((r) => r.data);

export const usePayoutDues = (upTo: string) =>
  useQuery(
    queryOptions({
      queryKey: payoutKeys.due(upTo),
      queryFn: ({ signal }) => getPayoutDues(upTo, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/payouts/runs: the payouts made, newest first. */
export const getPayoutRuns = (params: PayoutRunParams, signal?: AbortSignal) =>
  call(payoutRoutes.runs, { query: params }, { signal });

export const usePayoutRuns = (params: PayoutRunParams) =>
  useQuery(
    queryOptions({
      queryKey: payoutKeys.list(params),
      queryFn: ({ signal }) => getPayoutRuns(params, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /api/payouts: one EFT payment per partner paid; a 422 (nothing due, bank details) the dialog shows. */
export const createPayout = (body: CreatePayoutBody, idempotencyKey?: string) =>
  call(payoutRoutes.create, { body }, { idempotencyKey }).then((r) => r.data);

/** The bank's bulk-payment file of a payout. */
export const bankFilePath = (id: number) => pathOf(payoutRoutes.bankFile, { id });
