import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { mailRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { mailKeys, type MailListParams } from '@/lib/query-keys';

/** GET /api/mails: staff only; the failed ones unless another status is asked for. */
export const getMails = (params: MailListParams, signal?: AbortSignal) =>
  call(mailRoutes.list, { query: params }, { signal });

export const mailsQueryOptions = (params: MailListParams) =>
  queryOptions({ queryKey: mailKeys.list(params), queryFn: ({ signal }) => getMails(params, signal) });

export const useMails = (params: MailListParams) =>
  useQuery({ ...mailsQueryOptions(params), placeholderData: keepPreviousData });
