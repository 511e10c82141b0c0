import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { auditRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { auditKeys, type AuditListParams } from '@/lib/query-keys';

/** GET /api/audit: staff only, newest first, paged like Laravel. */
export const getAudit = (params: AuditListParams, signal?: AbortSignal) =>
  call(auditRoutes.list, { query: params }, { signal });

export const auditQueryOptions = (params: AuditListParams) =>
  queryOptions({ queryKey: auditKeys.list(params), queryFn: ({ signal }) => getAudit(params, signal) });

/** The page keeps showing while the next one loads, so paging does not flash empty. */
export const useAudit = (params: AuditListParams) =>
  useQuery({ ...auditQueryOptions(params), placeholderData: keepPreviousData });
