import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type {
  AccountingRow,
  AverageFulfillmentItem,
  CollectionStatusItem,
  ComponentSalesItem,
  DateRange,
  PartnerOrdersItem,
  PartnerSalesItem,
  ProfitCentreRevenueItem,
} from '@bloomline/contract';

import { api, type Query } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

/** A report's query as the address holds it: the range and, for two reports, a status id. */
export type ReportParams = DateRange & { status?: string };

export const reportingKeys = resourceKeys<ReportParams>('reporting');

/** The reports' calls (`/api/reporting/<report>`), by the shape of their rows. */
export type ReportRows = {
  'partner-orders': PartnerOrdersItem;
  'partner-sales': PartnerSalesItem;
  'profit-centre-revenue': ProfitCentreRevenueItem;
  'average-fulfillment-time': AverageFulfillmentItem;
  'component-sales': ComponentSalesItem;
  'collection-status': CollectionStatusItem;
};
export type ReportName = keyof ReportRows;

export const reportPath = (report: ReportName | 'accounting-csv') => `/api/reporting/${report}`;

/** Only what is set goes into the call (and the export's address). */
export const queryOf = (params: ReportParams): Query => ({
  startDate: params.startDate,
  endDate: params.endDate,
  status: params.status,
});

export const reportQueryOptions = <R extends ReportName>(report: R, params: ReportParams) =>
  queryOptions({
    queryKey: [...reportingKeys.all, report, params] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: ReportRows[R][] }>(reportPath(report), { query: queryOf(params), signal })
        .then((r) => r.data),
  });

/**
 * A report's rows; nothing is asked while the range is back to front (the filter says why). The previous
 * period's rows stay on screen while the next load, so the chart does not blink.
 */
export const useReport = <R extends ReportName>(report: R, params: ReportParams, enabled = true) =>
  useQuery({ ...reportQueryOptions(report, params), enabled, placeholderData: keepPreviousData });

/** The spec's 360 000 ms: a long range of a large marketplace takes time to arrive. */
export const ACCOUNTING_TIMEOUT_MS = 360_000;

export const useAccountingRows = (params: DateRange, enabled: boolean) =>
  useQuery({
    queryKey: [...reportingKeys.all, 'accounting-csv', params] as const,
    queryFn: ({ signal }) =>
      api.get<AccountingRow[]>(reportPath('accounting-csv'), {
        query: queryOf(params),
        signal,
        timeoutMs: ACCOUNTING_TIMEOUT_MS,
      }),
    enabled,
  });

/** GET /api/order-line-statuses: the status filter's choices (id and name). */
export const useLineStatuses = () =>
  useQuery({
    queryKey: ['order-line-statuses'] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: { id: number; name: string }[] }>('/api/order-line-statuses', { signal })
        .then((r) => r.data),
    staleTime: Infinity,
  });
