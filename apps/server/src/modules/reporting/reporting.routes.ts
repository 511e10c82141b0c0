import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import type { DateRange, ReportName, ReportRow } from '@bloomline/contract';
import { rangeFileStem, REPORT_FILES, reportRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { csvStream, sendCsv } from '../../lib/csv';
import { clientGone } from '../../lib/download';
import { guardModule, requireStaff } from '../../plugins/session';
import { REPORT_CSV, type ReportingService } from './reporting.service';

const BOTH = ['application/json', 'text/csv'];

/** What a report's handler reads: its declared query. */
type QueryOf<R extends ReportName> = z.output<(typeof reportRoutes)[R]['query']>;

/** DECISIONS.md: `Accept: text/csv` asks for the same call's rows as a file. */
const wantsCsv = (request: FastifyRequest) => request.headers.accept?.includes('text/csv') ?? false;

/** `<report>-<start>-<end>.csv`, `all` for an open end. */
const fileName = (report: string, range: DateRange) => `${rangeFileStem(report, range)}.csv`;

/**
 * Staff's reports (part 2, "Reporting (staff)"): JSON, or with `Accept: text/csv` the same rows as a file.
 * Each route is the contract's declaration (`reportRoutes`, by report).
 */
export const reportingRoutes: FastifyPluginAsyncZod<{ reporting: ReportingService }> = async (
  app,
  { reporting },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['reporting'] });

  /** A report answered as `{ data }`, or as its CSV (its route, file name and columns by its name). */
  function report<R extends ReportName>(
    name: R,
    summary: string,
    load: (query: QueryOf<R>) => Promise<ReportRow<R>[]>,
  ) {
    routes.serveOwn(reportRoutes[name], { summary, produces: BOTH }, async ({ query, request, reply }) => {
      // The declaration's query: the kit's type of it keeps `undefined` open for a type parameter.
      const rows = await load(query as QueryOf<R>);
      if (!wantsCsv(request)) return { data: rows };
      return sendCsv(reply, fileName(REPORT_FILES[name], query), csvStream(REPORT_CSV[name], rows));
    });
  }

  report('partnerOrders', 'Orders, order lines and their value per partner (of one line status)', (query) =>
    reporting.partnerOrders(query),
  );
  report(
    'partnerSales',
    'The value of the order lines (of one line status) per partner, largest first: the Sales by partner chart',
    (query) => reporting.partnerSales(query),
  );
  report('profitCentreRevenue', "Line values by the variant's profit centre (of one line status)", (query) =>
    reporting.profitCentreRevenue(query),
  );
  report(
    'averageFulfillment',
    "Mean seconds from an order's creation to its line's delivery, per partner",
    (query) => reporting.averageFulfillment(query),
  );
  report('componentSales', 'Quantity and retail value sold per component', (query) =>
    reporting.componentSales(query),
  );
  report(
    'collectionStatus',
    'Per city: whether an enabled florist delivers there, and how many partners reach it',
    () => reporting.collectionStatus(),
  );

  routes.serveOwn(
    reportRoutes.accounting,
    {
      summary:
        'One row per order line (19 positions) as a bare JSON array, or the 18 named columns as CSV; both streamed',
      produces: BOTH,
    },
    ({ query, request, reply }) => {
      const signal = clientGone(reply);
      if (wantsCsv(request))
        return sendCsv(
          reply,
          fileName(REPORT_FILES.accounting, query),
          reporting.accounting('csv', query, signal),
        );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(reporting.accounting('json', query, signal));
    },
  );
};
