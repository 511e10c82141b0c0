import { and, asc, desc, gt, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { OrderListQuery, OrderSummary } from '@bloomline/contract';
import { MAX_BULK_IDS, TIME_ZONE, todayInJohannesburg } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { CsvColumn } from '../../lib/csv';
import { sqlInteger } from '../../lib/paged-list';
import type { Viewer } from '../../lib/viewer';
import { summaryColumns, toSummary } from './order-summary.queries';
import { linesJson, listConditions } from './orders.queries';

// Export what you see (issue 40): every order list as a CSV of the screen's columns, for the same filter, sort
// and search, streamed in keyset batches; and the ids of a list's orders for "select all matching".

/** Orders read per statement of an export: each batch is written out before the next is asked for. */
export const EXPORT_BATCH = 1_000;

/** Cents as the CSV writes money: a plain number with two decimals (`1234.50`). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** A moment as the Johannesburg calendar date (YYYY-MM-DD), as the screen shows the created date. */
const dayOf = (iso: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })).format(new Date(iso));

const rand = (value: number) => centsText(Math.round(value * 100));

/**
 * The list's columns as the screen shows them: the order, its recipient, created and delivery dates, the value
 * incl. delivery, and the status (a partner's: their first line's, as their badge shows).
 */
export const ORDER_CSV: CsvColumn<{ order: OrderSummary; partnerView: boolean }>[] = [
  { header: 'Order', value: ({ order }) => order.name },
  {
    header: 'Recipient',
    value: ({ order }) => [order.firstName, order.lastName].filter(Boolean).join(' ') || null,
  },
  { header: 'Created', value: ({ order }) => dayOf(order.created_at) },
  { header: 'Delivery', value: ({ order }) => order.deliveryDate },
  { header: 'Value (Incl delivery)', value: ({ order }) => rand(order.totalValue) },
  {
    header: 'Status',
    value: ({ order, partnerView }) =>
      partnerView ? (order.lines[0]?.status ?? order.status) : order.status,
  },
];

/** The list's sort as SQL, and where the batch after a row starts. */
function ordering(query: OrderListQuery) {
  const ascending = query.d === 'asc';
  const direction = ascending ? asc : desc;
  if (query.s === 'name')
    return {
      orderBy: [direction(orders.name)],
      after: (row: { name: string }): SQL =>
        ascending ? gt(orders.name, row.name) : lt(orders.name, row.name),
    };
  return {
    orderBy: [direction(orders.createdAt), direction(orders.id)],
    // The creation as PostgreSQL wrote it (microseconds), with the id for orders made in the same instant.
    after: (row: { cursor: string; id: number }): SQL =>
      ascending
        ? sql`(${orders.createdAt}, ${orders.id}) > (${row.cursor}::timestamptz, ${row.id})`
        : sql`(${orders.createdAt}, ${orders.id}) < (${row.cursor}::timestamptz, ${row.id})`,
  };
}

/** The list's orders, every page of them, a batch at a time as the consumer pulls. */
export async function* orderExportBatches(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  {
    today = todayInJohannesburg(),
    batch = EXPORT_BATCH,
    signal,
  }: { today?: string; batch?: number; signal?: AbortSignal } = {},
): AsyncGenerator<{ order: OrderSummary; partnerView: boolean }[]> {
  const where = listConditions(viewer, query, today);
  const { orderBy, after } = ordering(query);
  const partnerView = viewer.kind === 'partner';
  let from: SQL | undefined;
  for (;;) {
    if (signal?.aborted) return;
    const rows = await db
      .select({
        ...summaryColumns,
        lines: linesJson(viewer),
        cursor: sql<string>`${orders.createdAt}::text`,
      })
      .from(orders)
      .where(and(where, from))
      .orderBy(...orderBy)
      .limit(sqlInteger(batch));
    if (rows.length === 0) return;
    yield rows.map((r) => ({ order: toSummary(viewer, r, r.lines), partnerView }));
    if (rows.length < batch) return;
    from = after(rows[rows.length - 1]!);
  }
}

/**
 * "Select all N matching": the ids (and numbers) of the list's orders in its own order, at most as many as one bulk call
 * takes (the screen knows N from the page it shows).
 */
export async function matchingOrderIds(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  today = todayInJohannesburg(),
): Promise<{ id: number; name: string }[]> {
  const { orderBy } = ordering(query);
  return db
    .select({ id: orders.id, name: orders.name })
    .from(orders)
    .where(listConditions(viewer, query, today))
    .orderBy(...orderBy)
    .limit(sqlInteger(MAX_BULK_IDS));
}
