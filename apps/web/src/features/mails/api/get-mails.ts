import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { MailListItem, Paged } from '@bloomline/contract';

import { api } from '@/api/client';

import { mailKeys, type MailListParams } from './mail-keys';

/** GET /api/mails: staff only; the failed ones unless another status is asked for. */
export const getMails = (params: MailListParams, signal?: AbortSignal) =>
  api.get<Paged<MailListItem>>('/api/mails', { query: params, signal });

export const mailsQueryOptions = (params: MailListParams) =>
  queryOptions({ queryKey: mailKeys.list(params), queryFn: ({ signal }) => getMails(params, signal) });

export const useMails = (params: MailListParams) =>
  useQuery({ ...mailsQueryOptions(params), placeholderData: keepPreviousData });
