import type { Readable } from 'node:stream';

import type {
  AverageFulfillmentItem,
  CollectionStatusItem,
  ComponentSalesItem,
  DateRange,
  PartnerOrdersItem,
  PartnerSalesItem,
  ProfitCentreRevenueItem,
  ReportName,
  ReportQuery,
  ReportRow,
  StatusReportQuery,
} from '@bloomline/contract';
import { formatDuration, STATUS_BY_ID, toRand } from '@bloomline/contract';

import type { Database } from '../../db/client';
import type { CsvColumn } from '../../lib/csv';
import { type AccountingFormat, accountingExport, accountingExportOffThread } from './accounting-export';
import {
  averageFulfillment,
  collectionStatus,
  componentSales,
  partnerOrders,
  profitCentreRevenue,
} from './reporting.queries';

const statusOf = (query: StatusReportQuery) =>
  query.status === undefined ? undefined : STATUS_BY_ID[query.status];
const rangeOf = ({ startDate, endDate }: DateRange): DateRange => ({ startDate, endDate });

/** The CSV of each report: a header row of the screen's column names, then the JSON's rows. */
export const REPORT_CSV: { [R in ReportName]: CsvColumn<ReportRow<R>>[] } = {
  partnerOrders: [
    { header: 'Partner', value: (r) => r.partnerName },
    { header: 'Orders', value: (r) => r.orderCount },
    { header: 'Order items', value: (r) => r.orderItemCount },
    { header: 'Order value', value: (r) => r.orderValue },
  ],
  profitCentreRevenue: [
    { header: 'Profit centre', value: (r) => r.profitCentre },
    { header: 'Revenue', value: (r) => r.revenue },
  ],
  averageFulfillment: [
    { header: 'Partner', value: (r) => r.partnerName },
    { header: 'Average', value: (r) => formatDuration(r.average) },
    { header: 'Average (seconds)', value: (r) => r.average },
  ],
  partnerSales: [
    { header: 'Partner', value: (r) => r.partnerName },
    { header: 'Sales', value: (r) => r.sales },
  ],
  componentSales: [
    // The spec headed this column Partner; it holds the component's name (issue 36).
    { header: 'Component', value: (r) => r.name },
    { header: 'Sales revenue', value: (r) => r.value },
    { header: 'Count', value: (r) => r.count },
  ],
  collectionStatus: [
    { header: 'Name', value: (r) => r.name },
    { header: 'Local delivery', value: (r) => (r.local_delivery ? 'Yes' : 'No') },
    { header: 'Partners', value: (r) => r.partners },
  ],
};

export function createReportingService({ database }: { database: Database }) {
  const db = database.db;
  return {
    async partnerOrders(query: StatusReportQuery): Promise<PartnerOrdersItem[]> {
      const rows = await partnerOrders(db, rangeOf(query), statusOf(query));
      return rows.map(({ orderValueCents, ...r }) => ({ ...r, orderValue: toRand(orderValueCents) }));
    },
    /** The partner orders' value per partner, largest first (the same rows, another figure). */
    async partnerSales(query: StatusReportQuery): Promise<PartnerSalesItem[]> {
      const rows = await partnerOrders(db, rangeOf(query), statusOf(query));
      return rows
        .map((r) => ({ partner: r.partner, partnerName: r.partnerName, cents: r.orderValueCents }))
        .sort(
          (a, b) => b.cents - a.cents || a.partnerName.localeCompare(b.partnerName) || a.partner - b.partner,
        )
        .map(({ cents, ...r }) => ({ ...r, sales: toRand(cents) }));
    },
    async profitCentreRevenue(query: StatusReportQuery): Promise<ProfitCentreRevenueItem[]> {
      const rows = await profitCentreRevenue(db, rangeOf(query), statusOf(query));
      return rows.map((r) => ({ profitCentre: r.profitCentre, revenue: toRand(r.revenueCents) }));
    },
    averageFulfillment: (query: ReportQuery): Promise<AverageFulfillmentItem[]> =>
      averageFulfillment(db, rangeOf(query)),
    async componentSales(query: ReportQuery): Promise<ComponentSalesItem[]> {
      const rows = await componentSales(db, rangeOf(query));
      return rows.map(({ valueCents, ...r }) => ({ ...r, value: toRand(valueCents) }));
    },
    async collectionStatus(): Promise<CollectionStatusItem[]> {
      const rows = await collectionStatus(db);
      return rows.map(({ localDelivery, ...r }) => ({ ...r, local_delivery: localDelivery }));
    },
    /**
     * The accounting report, streamed from the database in batches as the client reads: the JSON array, or
     * with `format` 'csv' the file. On PostgreSQL written by a worker thread of its own
     * (`accountingExportOffThread`), on the embedded database (which lives on this thread) here.
     */
    accounting: (format: AccountingFormat, query: ReportQuery, signal: AbortSignal): Readable =>
      database.connectionString
        ? accountingExportOffThread(
            { format, connectionString: database.connectionString, range: rangeOf(query) },
            signal,
          )
        : accountingExport(format, database, rangeOf(query), signal),
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
