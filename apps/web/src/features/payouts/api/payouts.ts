import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { CreatePayoutBody, Paged, PayoutCreated, PayoutDue, PayoutRun } from '@bloomline/contract';

import { api } from '@/api/client';

import { dueKey, payoutKeys, type PayoutRunParams } from './payout-keys';

/** GET /api/payouts?upTo=: each partner's unpaid bills, unsettled deductions and due up to the day. */
export const getPayoutDues = (upTo: string, signal?: AbortSignal) =>
  api.get<{ data: PayoutDue[] }>('/api/payouts', { query: { upTo }, signal }).then((r) => r.data);

export const usePayoutDues = (upTo: string) =>
  useQuery(
    queryOptions({
      queryKey: dueKey(upTo),
      queryFn: ({ signal }) => getPayoutDues(upTo, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/payouts/runs: the payouts made, newest first. */
export const getPayoutRuns = (params: PayoutRunParams, signal?: AbortSignal) =>
  api.get<Paged<PayoutRun>>('/api/payouts/runs', { query: params, signal });

export const usePayoutRuns = (params: PayoutRunParams) =>
  useQuery(
    queryOptions({
      queryKey: payoutKeys.list(params),
      queryFn: ({ signal }) => getPayoutRuns(params, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** POST /api/payouts: one EFT payment per partner paid; a 422 (nothing due, bank details) the dialog shows. */
export const createPayout = (body: CreatePayoutBody) =>
  api.post<{ data: PayoutCreated }>('/api/payouts', body).then((r) => r.data);

/** The bank's bulk-payment file of a payout. */
export const bankFilePath = (id: number) => `/api/payouts/${String(id)}/bank-file`;
