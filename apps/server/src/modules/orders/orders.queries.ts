import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

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
import { containsPattern } from '../../lib/paged-list';
import {
  orderLineRejectReasons,
  orderLines,
  orders,
  partners,
  refundLines,
  returnLines,
} from '../../db/schema';
import { onPayColumns, onPayTotalCents } from './order-onpay';
import { anchorFor, searchMode } from './orders.list-speedups';
import type { OrderListCaches } from './orders.list-speedups';
import { hasPartnerLine, ownLinesOfAliasL, visibleLines } from './orders.scope';
import type { Viewer } from '../../lib/viewer';

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
      return partner === null ? eq(orders.hasReturn, true) : partnerHasReturn(partner);
    case 'refunds':
      return partner === null ? eq(orders.hasRefund, true) : partnerHasRefund(partner);
    default:
      if (!STATUS_FILTERS.has(filter)) return scope;
      return partner === null ? eq(orders.status, filter) : hasPartnerLine(partner, filter);
  }
}

/**
 * Whether a line has a return, and a refund: the one definition every read uses (a partner's flags are
 * their own lines'; staff see the order's own flags, kept in step with these rows).
 */
export const lineHasReturn = (lineId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${returnLines} rl where rl.order_line_id = ${lineId})`;
export const lineHasRefund = (lineId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${refundLines} rf where rf.order_line_id = ${lineId})`;

/** The order has a return on one of this partner's lines (the order's own flag first, which is indexed). */
function partnerHasReturn(partnerId: number): SQL {
  return sql`(${orders.hasReturn} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasReturn(sql.raw('l.id'))}))`;
}

/** The order has a refund of one of this partner's lines. */
function partnerHasRefund(partnerId: number): SQL {
  return sql`(${orders.hasRefund} and exists (select 1 from ${orderLines} l
    where l.order_id = ${orders.id} and l.partner_id = ${partnerId} and ${lineHasRefund(sql.raw('l.id'))}))`;
}

/** Case-insensitive "contains" over order number, recipient name, phone and company. */
export function searchCondition(q: string | undefined, mode: SearchMode = 'index'): SQL | undefined {
  if (!q) return undefined;
  // The same test written so the trigram index cannot serve it: the planner then walks the sort's index.
  if (mode === 'walk') return sql`strpos(${orders.search}, ${q.toLowerCase()}) > 0`;
  return sql`${orders.search} like ${containsPattern(q)}`;
}

/**
 * How a search finds its page. `index`: the trigram index finds every match, which are then sorted (cost
 * grows with the number of matches). `walk`: the sort's own index is read in order and each order tested
 * until the page is full (cost grows with how far apart matches are). A common name matches thousands of
 * orders but the first page is found after a few hundred; a rare one is the other way round.
 */
export type SearchMode = 'index' | 'walk';

function listConditions(viewer: Viewer, query: OrderListQuery, today: string, mode: SearchMode = 'index') {
  return and(
    filterCondition(viewer, query.filter, today),
    searchCondition(query.q, mode),
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
  notes: orders.notes,
  ...onPayColumns,
};
type OrderColumn = Exclude<keyof typeof summaryColumns, keyof typeof onPayColumns>;
type SummaryRow = Pick<typeof orders.$inferSelect, OrderColumn> & {
  delivererId: number | null;
  vat: unknown;
};

export interface LineRow {
  id: number;
  orderId: number;
  title: string;
  quantity: number;
  valueCents: number;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
  productVariantId: number | null;
  giftMessage: string | null;
  customName: string | null;
  /** The partner's commission and VAT registration, for the on-pay rule. */
  partnerCommission: number | string | null;
  partnerVatRegistered: boolean | null;
  hasReturn: boolean;
  hasRefund: boolean;
}

/**
 * A line's fields as the list and detail queries aggregate them, for `json_build_object` over
 * `order_lines l left join partners p`: the one place the JSON line's shape is written (see LineRow).
 */
export const lineJsonFields = sql`'id', l.id, 'orderId', l.order_id, 'title', l.title, 'quantity', l.quantity,
      'valueCents', l.value_cents, 'status', l.status, 'partnerId', l.partner_id, 'partnerName', p.name,
      'productVariantId', l.product_variant_id, 'giftMessage', l.gift_message, 'customName', l.custom_name,
      'partnerCommission', p.commission, 'partnerVatRegistered', coalesce(p.vat_number, '') <> '',
      'hasReturn', ${lineHasReturn(sql.raw('l.id'))}, 'hasRefund', ${lineHasRefund(sql.raw('l.id'))}`;

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
      productVariantId: orderLines.productVariantId,
      giftMessage: orderLines.giftMessage,
      customName: orderLines.customName,
      partnerCommission: partners.commission,
      partnerVatRegistered: sql<boolean>`coalesce(${partners.vatNumber}, '') <> ''`,
      hasReturn: lineHasReturn(orderLines.id),
      hasRefund: lineHasRefund(orderLines.id),
    })
    .from(orderLines)
    .leftJoin(partners, eq(partners.id, orderLines.partnerId))
    .where(and(inArray(orderLines.orderId, orderIds), visibleLines(viewer)))
    .orderBy(asc(orderLines.id));
}

/**
 * For a partner the order's value is their lines plus the delivery fee; status is their lines' status;
 * `onPay` what they are paid incl. delivery (for staff, what every partner on the order is paid).
 */
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
    // A partner's flags are their own lines' (another partner's return is none of their business).
    hasRefund: partnerView ? mine.some((l) => l.hasRefund) : row.hasRefund,
    hasReturn: partnerView ? mine.some((l) => l.hasReturn) : row.hasReturn,
    notes: row.notes,
    onPay: toRand(onPayTotalCents(row, mine)),
    lines: mine.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      value: toRand(l.valueCents),
      status: l.status as LineStatus,
      partner: l.partnerId === null ? null : { id: l.partnerId, name: l.partnerName ?? '' },
      productVariantId: l.productVariantId,
      giftMessage: l.giftMessage,
      customName: l.customName,
    })),
  };
}

/**
 * The list's total, exact. Counting is what grows with the table, so a partner's plain or status-filtered
 * list counts their lines (an index range) instead of probing every order, and every total is cached for
 * a few seconds (see OrderListCaches): paging, the 60-second refresh and colleagues on the same list share it.
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
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

function totalKey(viewer: Viewer, query: OrderListQuery, today: string) {
  return JSON.stringify([
    viewer.kind === 'partner' ? viewer.partnerId : 'staff',
    query.filter ?? null,
    query.filter === 'today' ? today : null,
    query.q ?? null,
    viewer.kind === 'staff' ? (query.p ?? null) : null,
    query.sd ?? null,
    query.ed ?? null,
  ]);
}

export interface ListOptions {
  caches?: OrderListCaches | undefined;
  today?: string;
  /** Where a failed background rebuild of the page anchors is reported. */
  onError?: (err: unknown) => void;
}

/** One order's lines as the list query aggregates them (only the viewer's own for a partner). */
function linesJson(viewer: Viewer) {
  return sql<LineRow[]>`coalesce((
    select json_agg(json_build_object(${lineJsonFields}) order by l.id)
    from ${orderLines} l left join ${partners} p on p.id = l.partner_id
    where l.order_id = orders.id${ownLinesOfAliasL(viewer)}
  ), '[]'::json)`;
}

export async function listOrders(
  db: DbOrTx,
  viewer: Viewer,
  query: OrderListQuery,
  path: string,
  { caches, today = todayInJohannesburg(), onError = () => undefined }: ListOptions = {},
) {
  const where = listConditions(viewer, query, today);
  const direction = query.d === 'asc' ? asc : desc;
  const order =
    query.s === 'name' ? [direction(orders.name)] : [direction(orders.createdAt), direction(orders.id)];
  const offset = (query.page - 1) * query.per_page;
  const total = caches
    ? await caches.totals.getOrLoad(totalKey(viewer, query, today), () =>
        countOrders(db, viewer, query, where),
      )
    : await countOrders(db, viewer, query, where);

  const anchor = caches ? anchorFor(db, caches, viewer, query, total, offset, onError) : null;
  const mode = query.q ? await searchMode(db, caches, total, offset + query.per_page) : 'index';
  const rowsWhere = mode === 'index' ? where : listConditions(viewer, query, today, mode);
  const pageWhere = anchor
    ? and(
        rowsWhere,
        anchor.direction === 'asc'
          ? sql`(${orders.createdAt}, ${orders.id}) >= (${anchor.key.createdAt}::timestamptz, ${anchor.key.id})`
          : sql`(${orders.createdAt}, ${orders.id}) <= (${anchor.key.createdAt}::timestamptz, ${anchor.key.id})`,
      )
    : rowsWhere;
  // Deferred join: the offset walks the (created_at, id) index alone, then only the page's rows are read,
  // each with its lines aggregated in the same statement.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(pageWhere)
    .orderBy(...order)
    .limit(query.per_page)
    .offset(anchor ? anchor.skip : offset);
  const rows =
    offset >= total
      ? []
      : await db
          .select({ ...summaryColumns, lines: linesJson(viewer) })
          .from(orders)
          .where(inArray(orders.id, pageIds))
          .orderBy(...order);
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
  return { data: rows.map((r) => toSummary(viewer, r, r.lines)), meta };
}

/**
 * The four dashboard counts, in one statement (each an index range of recent orders). Like the list
 * totals they are cached per viewer for a few seconds and dropped whenever this process changes an order.
 */
export async function dashboardCounts(
  db: DbOrTx,
  viewer: Viewer,
  { caches, today = todayInJohannesburg() }: Pick<ListOptions, 'caches' | 'today'> = {},
): Promise<DashboardCounts> {
  const countOf = (filter: OrderFilter) =>
    sql<number>`(select count(*)::int from ${orders} where ${filterCondition(viewer, filter, today) ?? sql`true`})`;
  const load = async () => {
    const [row] = await db
      .select({
        awaitingAcceptance: countOf('open'),
        acceptedOrders: countOf('accepted'),
        ordersInProgress: countOf('fulfilled'),
        forDeliveryToday: countOf('today'),
      })
      .from(sql`(select 1) as one`);
    return {
      awaitingAcceptance: Number(row?.awaitingAcceptance ?? 0),
      acceptedOrders: Number(row?.acceptedOrders ?? 0),
      ordersInProgress: Number(row?.ordersInProgress ?? 0),
      forDeliveryToday: Number(row?.forDeliveryToday ?? 0),
    };
  };
  if (!caches) return load();
  const key = JSON.stringify(['dashboard', viewer.kind === 'partner' ? viewer.partnerId : 'staff', today]);
  return caches.dashboards.getOrLoad(key, load);
}

export { summaryColumns };

/** The reasons a line may be rejected with, in their order. */
export async function rejectReasons(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ reason: orderLineRejectReasons.reason })
    .from(orderLineRejectReasons)
    .orderBy(asc(orderLineRejectReasons.position), asc(orderLineRejectReasons.id));
  return rows.map((r) => r.reason);
}
