import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { DateRange, ReportName, ReportRow } from '@bloomline/contract';
import { orderRoutes, reportRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import type { Query } from '@/api/client';
import { orderLineStatusesKey, reportingKeys } from '@/lib/query-keys';

/** A report's query as the address holds it: the range and, for two reports, a status id. */
export type ReportParams = DateRange & { status?: string };

/** Only what is set goes into the call (and the export's address). */
export const queryOf = (params: ReportParams): Query => ({
  startDate: params.startDate,
  endDate: params.endDate,
  status: params.status,
});

/** A report's rows: every report is a GET of the period (and a status), so any declaration of them calls alike. */
const getReport = <R extends ReportName>(report: R, params: ReportParams, signal: AbortSignal) => {
  const route: (typeof reportRoutes)[ReportName] = reportRoutes[report];
  // The rows of `route`, which is `reportRoutes[report]` (the union above does not know which).
  return call(route, { query: queryOf(params) }, { signal }).then((r) => r.data as ReportRow<R>[]);
};

export const reportQueryOptions = <R extends ReportName>(report: R, params: ReportParams) =>
  queryOptions({
    queryKey: reportingKeys.report(report, params),
    queryFn: ({ signal }) => getReport(report, params, signal),
  });

/**
 * A report's rows; nothing is asked while the range is back to front (the filter says why; a query not asked
 * is not loading, so the frames show no placeholder). The previous period's rows stay on screen while the
 * next load, so the chart does not blink.
 */
export const useReport = <R extends ReportName>(report: R, params: ReportParams, enabled = true) =>
  useQuery({ ...reportQueryOptions(report, params), enabled, placeholderData: keepPreviousData });

/** The spec's 360 000 ms: a long range of a large marketplace takes time to arrive. */
export const ACCOUNTING_TIMEOUT_MS = 360_000;

export const useAccountingRows = (params: DateRange, enabled: boolean) =>
  useQuery({
    queryKey: reportingKeys.accounting(params),
    queryFn: ({ signal }) =>
      call(reportRoutes.accounting, { query: queryOf(params) }, { signal, timeoutMs: ACCOUNTING_TIMEOUT_MS }),
    enabled,
  });

/** GET /api/order-line-statuses: the status filter's choices (id and name). */
export const useLineStatuses = () =>
  useQuery({
    queryKey: orderLineStatusesKey(),
    queryFn: ({ signal }) => call(orderRoutes.lineStatuses, {}, { signal }).then((r) => r.data),
    staleTime: Infinity,
  });
