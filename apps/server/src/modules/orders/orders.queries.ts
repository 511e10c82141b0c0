import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type {
  DashboardCounts,
  LineStatus,
  OrderFilter,
  OrderListQuery,
  OrderSummary,
} from '@bloomline/contract';
import {
  buildPageMeta,
  deriveOrderStatus,
  LINE_STATUSES,
  todayInJohannesburg,
  toRand,
} from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orderLines, orders, partners } from '../../db/schema';
import { hasPartnerLine, visibleLines } from './orders.scope';
import type { Viewer } from './orders.scope';

/** Filters that are line statuses (the rest — today, unassigned, returns, refunds — have their own rules). */
const STATUS_FILTERS = new Set<string>(LINE_STATUSES.map((s) => s.name));

/** The `filter` of the lists and the dashboard, as one SQL condition, scoped to the viewer. */
export function filterCondition(
  viewer: Viewer,
  filter: OrderFilter | undefined,
  today: string,
): SQL | undefined {
  const partner = viewer.kind === 'partner' ? viewer.partnerId : null;
  const scope = partner === null ? undefined : hasPartnerLine(partner);
  switch (filter) {
    case undefined:
      return scope;
    case 'today':
      return and(eq(orders.deliveryDate, today), scope);
    case 'unassigned':
      // A partner never has unassigned lines of their own: nothing to show.
      return partner === null ? eq(orders.hasUnassigned, true) : sql`false`;
    case 'returns':
      return and(eq(orders.hasReturn, true), scope);
    case 'refunds':
      return and(eq(orders.hasRefund, true), scope);
    default:
      if (!STATUS_FILTERS.has(filter)) return scope;
      return partner === null ? eq(orders.status, filter) : hasPartnerLine(partner, filter);
  }
}

/** Case-insensitive "contains" over order number, recipient name, phone and company. */
export function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const needle = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${orders.search} like ${needle}`;
}

function listConditions(viewer: Viewer, query: OrderListQuery, today: string) {
  return and(
    filterCondition(viewer, query.filter, today),
    searchCondition(query.q),
    viewer.kind === 'staff' && query.p ? hasPartnerLine(query.p) : undefined,
    query.sd ? gte(orders.deliveryDate, query.sd) : undefined,
    query.ed ? lte(orders.deliveryDate, query.ed) : undefined,
  );
}

const summaryColumns = {
  id: orders.id,
  name: orders.name,
  status: orders.status,
  createdAt: orders.createdAt,
  deliveryDate: orders.deliveryDate,
  isCollection: orders.isCollection,
  firstName: orders.firstName,
  lastName: orders.lastName,
  phone: orders.phone,
  company: orders.company,
  address1: orders.address1,
  address2: orders.address2,
  city: orders.city,
  country: orders.country,
  postalCode: orders.postalCode,
  latitude: orders.latitude,
  longitude: orders.longitude,
  deliveryFeeCents: orders.deliveryFeeCents,
  totalValueCents: orders.totalValueCents,
  hasRefund: orders.hasRefund,
  hasReturn: orders.hasReturn,
};
type SummaryRow = Pick<typeof orders.$inferSelect, keyof typeof summaryColumns>;

export interface LineRow {
  id: number;
  orderId: number;
  title: string;
  quantity: number;
  valueCents: number;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
}

export async function linesOf(db: DbOrTx, viewer: Viewer, orderIds: number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      valueCents: orderLines.valueCents,
      status: orderLines.status,
      partnerId: orderLines.partnerId,
      partnerName: partners.name,
    })
    .from(orderLines)
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(and(inArray(orderLines.orderId, orderIds), visibleLines(viewer)))
    .orderBy(asc(orderLines.id));
}

/** For a partner the order's value is their lines plus the delivery fee; status is their lines' status. */
export function toSummary(viewer: Viewer, row: SummaryRow, lines: LineRow[]): OrderSummary {
  const mine = lines.filter((l) => l.orderId === row.id);
  const partnerView = viewer.kind === 'partner';
  const linesValue = mine.reduce((s, l) => s + l.valueCents * l.quantity, 0);
  return {
    id: row.id,
    name: row.name,
    status: partnerView
      ? deriveOrderStatus(mine.map((l) => ({ status: l.status as LineStatus })))
      : (row.status as LineStatus),
    created_at: row.createdAt.toISOString(),
    deliveryDate: row.deliveryDate,
    isCollection: row.isCollection,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    country: row.country,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryFee: toRand(row.deliveryFeeCents),
    totalValue: toRand(partnerView ? linesValue + row.deliveryFeeCents : row.totalValueCents),
    hasRefund: row.hasRefund,
    hasReturn: row.hasReturn,
    lines: mine.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      value: toRand(l.valueCents),
      status: l.status as LineStatus,
      partner: l.partnerId === null ? null : { id: l.partnerId, name: l.partnerName ?? '' },
    })),
  };
}

/** Above this many rows the unfiltered staff total comes from the planner's estimate, not a full count. */
export const ESTIMATE_TOTAL_ABOVE = 200_000;

/**
 * The list's total. Counting is what grows with the table, so two common cases take a shorter road:
 * a partner's plain or status-filtered list counts their lines (an index range) instead of probing every
 * order, and the unfiltered staff list of a very large table uses PostgreSQL's row estimate.
 */
async function countOrders(db: DbOrTx, viewer: Viewer, query: OrderListQuery, where: SQL | undefined) {
  const plain = !query.q && !query.sd && !query.ed && !query.p;
  if (
    viewer.kind === 'partner' &&
    plain &&
    (query.filter === undefined || STATUS_FILTERS.has(query.filter))
  ) {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.partnerId, viewer.partnerId),
          query.filter ? eq(orderLines.status, query.filter) : undefined,
        ),
      );
    return row?.n ?? 0;
  }
  if (viewer.kind === 'staff' && plain && query.filter === undefined) {
    const [estimate] = await db
      .select({ n: sql<string>`(select reltuples::bigint from pg_class where oid = 'orders'::regclass)` })
      .from(orders)
      .limit(1);
    const n = Number(estimate?.n ?? -1);
    if (n > ESTIMATE_TOTAL_ABOVE) return n;
  }
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

export async function listOrders(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  path: string,
  today = todayInJohannesburg(),
) {
  const where = listConditions(viewer, query, today);
  const direction = query.d === 'asc' ? asc : desc;
  const order =
    query.s === 'name' ? [direction(orders.name)] : [direction(orders.createdAt), direction(orders.id)];
  // Deferred join: the offset walks the (created_at, id) index alone, then only the page's rows are read.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(...order),
    countOrders(db, viewer, query, where),
  ]);
  const lines = await linesOf(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  const meta = buildPageMeta({
    page: query.page,
    perPage: query.per_page,
    total,
    path,
    query: {
      q: query.q,
      p: query.p,
      s: query.s,
      d: query.d,
      filter: query.filter,
      sd: query.sd,
      ed: query.ed,
      per_page: query.per_page === 15 ? undefined : query.per_page,
    },
  });
  return { data: rows.map((r) => toSummary(viewer, r, lines)), meta };
}

export async function dashboardCounts(
  db: DbOrTx,
  viewer: Viewer,
  today = todayInJohannesburg(),
): Promise<DashboardCounts> {
  const countOf = async (filter: OrderFilter) => {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(filterCondition(viewer, filter, today));
    return row?.n ?? 0;
  };
  const [awaitingAcceptance, acceptedOrders, ordersInProgress, forDeliveryToday] = await Promise.all([
    countOf('open'),
    countOf('accepted'),
    countOf('fulfilled'),
    countOf('today'),
  ]);
  return { awaitingAcceptance, acceptedOrders, ordersInProgress, forDeliveryToday };
}

export { summaryColumns };
