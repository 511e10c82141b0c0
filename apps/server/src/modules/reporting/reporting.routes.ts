import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { DateRange } from '@bloomline/contract';
import {
  accountingRow,
  averageFulfillmentItem,
  collectionStatusItem,
  componentSalesItem,
  dataOf,
  partnerOrdersItem,
  partnerSalesItem,
  profitCentreRevenueItem,
  rangeFileStem,
  REPORT_FILES,
  reportQuery,
  statusReportQuery,
} from '@bloomline/contract';

import type { CsvColumn } from '../../lib/csv';
import { csvStream, sendCsv } from '../../lib/csv';
import { clientGone } from '../../lib/download';
import { guardModule, requireStaff } from '../../plugins/session';
import { REPORT_CSV, type ReportingService } from './reporting.service';

const tags = ['reporting'];
const BOTH = ['application/json', 'text/csv'];

/** DECISIONS.md: `Accept: text/csv` asks for the same call's rows as a file. */
const wantsCsv = (request: FastifyRequest) => request.headers.accept?.includes('text/csv') ?? false;

/** `<report>-<start>-<end>.csv`, `all` for an open end. */
const fileName = (report: string, range: DateRange) => `${rangeFileStem(report, range)}.csv`;

/** Staff's reports (part 2, "Reporting (staff)"): JSON, or with `Accept: text/csv` the same rows as a file. */
export const reportingRoutes: FastifyPluginAsyncZod<{ reporting: ReportingService }> = async (
  app,
  { reporting },
) => {
  guardModule(app, requireStaff);

  /** A report answered as `{ data }`, or as its CSV. */
  function report<Q extends z.ZodType, Item extends z.ZodType>(
    url: string,
    spec: {
      summary: string;
      querystring: Q;
      item: Item;
      file: string;
      csv: CsvColumn<z.output<Item>>[];
      load: (query: z.output<Q>) => Promise<z.output<Item>[]>;
    },
  ) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: spec.summary,
          querystring: spec.querystring,
          produces: BOTH,
          // Documented as the JSON; widened for the handler, which may answer the CSV stream instead (the
          // rule sees the schema's own type, not the handler's return type the assertion widens).
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          response: { 200: dataOf(z.array(spec.item)) as z.ZodType },
        },
      },
      async (request, reply) => {
        const query = request.query as z.output<Q>;
        const rows = await spec.load(query);
        if (!wantsCsv(request)) return { data: rows };
        return sendCsv(reply, fileName(spec.file, query as DateRange), csvStream(spec.csv, rows));
      },
    );
  }

  report('/api/reporting/partner-orders', {
    summary: 'Orders, order lines and their value per partner (of one line status)',
    querystring: statusReportQuery,
    item: partnerOrdersItem,
    file: REPORT_FILES.partnerOrders,
    csv: REPORT_CSV.partnerOrders,
    load: (query) => reporting.partnerOrders(query),
  });
  report('/api/reporting/partner-sales', {
    summary:
      'The value of the order lines (of one line status) per partner, largest first: the Sales by partner chart',
    querystring: statusReportQuery,
    item: partnerSalesItem,
    file: REPORT_FILES.partnerSales,
    csv: REPORT_CSV.partnerSales,
    load: (query) => reporting.partnerSales(query),
  });
  report('/api/reporting/profit-centre-revenue', {
    summary: "Line values by the variant's profit centre (of one line status)",
    querystring: statusReportQuery,
    item: profitCentreRevenueItem,
    file: REPORT_FILES.profitCentreRevenue,
    csv: REPORT_CSV.profitCentreRevenue,
    load: (query) => reporting.profitCentreRevenue(query),
  });
  report('/api/reporting/average-fulfillment-time', {
    summary: "Mean seconds from an order's creation to its line's delivery, per partner",
    querystring: reportQuery,
    item: averageFulfillmentItem,
    file: REPORT_FILES.averageFulfillment,
    csv: REPORT_CSV.averageFulfillment,
    load: (query) => reporting.averageFulfillment(query),
  });
  report('/api/reporting/component-sales', {
    summary: 'Quantity and retail value sold per component',
    querystring: reportQuery,
    item: componentSalesItem,
    file: REPORT_FILES.componentSales,
    csv: REPORT_CSV.componentSales,
    load: (query) => reporting.componentSales(query),
  });

  report('/api/reporting/collection-status', {
    summary: 'Per city: whether an enabled florist delivers there, and how many partners reach it',
    // No filters: the file is named as a report of every day (`collection-status-all-all.csv`).
    querystring: z.object({}),
    item: collectionStatusItem,
    file: REPORT_FILES.collectionStatus,
    csv: REPORT_CSV.collectionStatus,
    load: () => reporting.collectionStatus(),
  });

  app.get(
    '/api/reporting/accounting-csv',
    {
      schema: {
        tags,
        summary:
          'One row per order line (19 positions) as a bare JSON array, or the 18 named columns as CSV; both streamed',
        querystring: reportQuery,
        produces: BOTH,
        // Documented as the JSON rows; widened for the handler, which answers a stream either way.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        response: { 200: z.array(accountingRow) as z.ZodType },
      },
    },
    (request, reply) => {
      const signal = clientGone(reply);
      if (wantsCsv(request))
        return sendCsv(
          reply,
          fileName(REPORT_FILES.accounting, request.query),
          reporting.accounting('csv', request.query, signal),
        );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(reporting.accounting('json', request.query, signal));
    },
  );
};
