import { z } from 'zod';

import { dateRangeAddress, dateRangeQuery, dateRangeShape, withRangeInOrder } from './date-range';
import { MESSAGES } from './messages';
import { dataOf, given } from './paging';
import { route } from './routes';
import type { RouteDecl } from './routes';
import { LINE_STATUSES } from './statuses';

/**
 * The staff reports of part 2, "Reporting (staff)", and their calls (DECISIONS.md, "Reporting"). Every
 * report reads a period of Johannesburg days on the order's creation (`date-range.ts`); partner orders and
 * profit-centre revenue also read an order-line status id.
 */

/** The ids of GET /api/order-line-statuses (1–10). */
const STATUS_IDS: readonly number[] = LINE_STATUSES.map((s) => s.id);

/** `status`: an order-line status id, in decimal digits; anything else is a 422 "Choose a valid status." */
const statusId = () =>
  z
    .unknown()
    .transform((value, ctx): number => {
      const n = typeof value === 'string' && /^[0-9]{1,2}$/.test(value.trim()) ? Number(value) : value;
      if (typeof n === 'number' && STATUS_IDS.includes(n)) return n;
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidChoice, input: value });
      return z.NEVER;
    })
    .meta({ type: 'integer', enum: [...STATUS_IDS] });

/** The query of partner orders and profit-centre revenue: the period and an optional line status. */
export const statusReportQuery = withRangeInOrder(
  z.object({ ...dateRangeShape, status: given(statusId().optional()) }),
);
export type StatusReportQuery = z.infer<typeof statusReportQuery>;

/** The query of the other dated reports and the accounting CSV: the period alone. */
export const reportQuery = dateRangeQuery;
export type ReportQuery = z.infer<typeof reportQuery>;

/** The address bar's reading of a status report: a status that is not an id is no filter. */
export const statusReportAddress = dateRangeAddress.extend({
  status: z
    .string()
    .optional()
    .transform((v) => (v !== undefined && STATUS_IDS.includes(Number(v)) ? v : undefined))
    .catch(undefined),
});

/** GET /api/reporting/partner-orders: per partner, orders and order lines (of the status) and their value. */
export const partnerOrdersItem = z.object({
  partner: z.number(),
  partnerName: z.string(),
  orderCount: z.number(),
  orderItemCount: z.number(),
  /** Rand: the sum of the lines' values (quantity × unit value). */
  orderValue: z.number(),
});
export type PartnerOrdersItem = z.infer<typeof partnerOrdersItem>;

/**
 * GET /api/reporting/partner-sales: the Sales by partner chart's own figures, per partner the value of its order
 * lines (of the status), largest first: what the table beside the chart lists and its export holds (DECISIONS.md
 * "Reporting"; issue 36).
 */
export const partnerSalesItem = z.object({
  partner: z.number(),
  partnerName: z.string(),
  /** Rand: the sum of the lines' values, as partner orders' `orderValue`. */
  sales: z.number(),
});
export type PartnerSalesItem = z.infer<typeof partnerSalesItem>;

/** GET /api/reporting/profit-centre-revenue: line values by the variant's profit centre. */
export const profitCentreRevenueItem = z.object({ profitCentre: z.string(), revenue: z.number() });
export type ProfitCentreRevenueItem = z.infer<typeof profitCentreRevenueItem>;

/** GET /api/reporting/average-fulfillment-time: mean seconds from an order's creation to its line's delivery. */
export const averageFulfillmentItem = z.object({
  partner: z.number(),
  partnerName: z.string(),
  /** Seconds. */
  average: z.number(),
});
export type AverageFulfillmentItem = z.infer<typeof averageFulfillmentItem>;

/** GET /api/reporting/component-sales: per component, the quantity sold and its retail value (rand). */
export const componentSalesItem = z.object({
  id: z.number(),
  name: z.string(),
  value: z.number(),
  count: z.number(),
});
export type ComponentSalesItem = z.infer<typeof componentSalesItem>;

/** GET /api/reporting/collection-status: per city, whether an enabled florist reaches it. */
export const collectionStatusItem = z.object({
  id: z.number(),
  name: z.string(),
  local_delivery: z.boolean(),
  partners: z.number(),
});
export type CollectionStatusItem = z.infer<typeof collectionStatusItem>;

/** The 18 named columns of the accounting CSV, in order (part 2, "Reporting (staff)"). */
export const ACCOUNTING_COLUMNS = [
  'ID',
  'Order created',
  'Profit Centre',
  'Source',
  'Customer',
  'Email',
  'Partner type',
  'Delivery date',
  'Payment Type',
  'Order Status',
  'Value',
  'Partner',
  'Vat registered',
  'Fully paid',
  'Delivery fee',
  'On pay (Excl Delivery)',
  'On pay (Incl Delivery)',
  'Adjustment',
] as const;

/**
 * One order line of the accounting report, by position (part 2, point 3): 0 the order's number, 1 its
 * creation day, …, 10 the line's value, …, 18 the numeric order id the on-pay dialog loads. Money in rand;
 * dates YYYY-MM-DD (Johannesburg); 12 and 13 booleans (Yes/No in the CSV).
 */
export const accountingRow = z.tuple([
  z.string(),
  z.string(),
  z.string().nullable(),
  z.string(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string(),
  z.string(),
  z.number(),
  z.string().nullable(),
  z.boolean(),
  z.boolean(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
]);
export type AccountingRow = z.infer<typeof accountingRow>;
/** Position 18: the order's numeric id. */
export const ACCOUNTING_ORDER_ID = 18;

/** The report names of the CSV files (`<report>-<start>-<end>.csv`). */
export const REPORT_FILES = {
  partnerOrders: 'partner-orders',
  profitCentreRevenue: 'profit-centre-revenue',
  averageFulfillment: 'average-fulfillment-time',
  componentSales: 'component-sales',
  accounting: 'accounting',
  partnerSales: 'partner-sales',
  collectionStatus: 'collection-status',
} as const;

/** A report of rows: its path, its query and one row. */
type RowReport = { path: string; query: z.ZodType; item: z.ZodType };

/**
 * The reports whose rows the screens draw: each one's path, query and row. Each answers `{ data }` with the
 * rows, or with `Accept: text/csv` the same rows as a file (DECISIONS.md, "Reporting").
 */
const ROW_REPORTS = {
  partnerOrders: { path: '/api/reporting/partner-orders', query: statusReportQuery, item: partnerOrdersItem },
  partnerSales: { path: '/api/reporting/partner-sales', query: statusReportQuery, item: partnerSalesItem },
  profitCentreRevenue: {
    path: '/api/reporting/profit-centre-revenue',
    query: statusReportQuery,
    item: profitCentreRevenueItem,
  },
  averageFulfillment: {
    path: '/api/reporting/average-fulfillment-time',
    query: reportQuery,
    item: averageFulfillmentItem,
  },
  componentSales: { path: '/api/reporting/component-sales', query: reportQuery, item: componentSalesItem },
  // No filters: the file is named as a report of every day (`collection-status-all-all.csv`).
  collectionStatus: {
    path: '/api/reporting/collection-status',
    query: z.object({}),
    item: collectionStatusItem,
  },
} as const satisfies Record<string, RowReport>;

/** A report whose rows a screen draws (all but the accounting report, which streams). */
export type ReportName = keyof typeof ROW_REPORTS;
/** One row of a report. */
export type ReportRow<R extends ReportName> = z.output<(typeof ROW_REPORTS)[R]['item']>;

type RowReportRoute<R extends RowReport> = RouteDecl<
  'GET',
  R['path'],
  undefined,
  R['query'],
  undefined,
  z.ZodObject<{ data: z.ZodArray<R['item']> }>
>;

/** A report's route: GET its path with its query, answering `{ data }` with its rows. */
const rowReportRoute = <R extends RowReport>(report: R): RowReportRoute<R> =>
  route({ method: 'GET', path: report.path, query: report.query, answer: dataOf(z.array(report.item)) });

/** The reports' routes, by report (staff only). */
export const reportRoutes = {
  ...(Object.fromEntries(
    Object.entries(ROW_REPORTS).map(([name, report]) => [name, rowReportRoute(report)]),
  ) as { [K in ReportName]: RowReportRoute<(typeof ROW_REPORTS)[K]> }),
  /** One row per order line as a bare JSON array, or with `Accept: text/csv` the 18 named columns; streamed. */
  accounting: route({
    method: 'GET',
    path: '/api/reporting/accounting-csv',
    query: reportQuery,
    answer: z.array(accountingRow),
  }),
};

const HOUR = 3600;
const DAY = 24 * HOUR;
/** A month of the fulfilment report: 30 days. */
const MONTH = 30 * DAY;

const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * An average fulfilment time as months, days and hours (a month is 30 days; minutes are dropped):
 * 90 000 s → "1 day 1 hour", under an hour → "0 hours".
 */
export function formatDuration(seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  const months = Math.floor(left / MONTH);
  left -= months * MONTH;
  const days = Math.floor(left / DAY);
  left -= days * DAY;
  const hours = Math.floor(left / HOUR);
  const parts = [
    months > 0 ? unit(months, 'month') : null,
    days > 0 ? unit(days, 'day') : null,
    hours > 0 || (months === 0 && days === 0) ? unit(hours, 'hour') : null,
  ];
  return parts.filter((p) => p !== null).join(' ');
}
