import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { HistoryEntry, OrderDetail } from '@bloomline/contract';
import { guidelineText, refundLeftCents, STATUS_ID, toRand } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import {
  adjustments,
  companies,
  creditNotes,
  customers,
  orderHistory,
  orderLines,
  orders,
  partners,
  productImages,
  products,
  productVariants,
  profitCentres,
  refundLines,
  refundPartners,
  refunds,
  returnLines,
  returns,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { variantComponentsJson } from '../../shared/variant-components';
import type { VariantComponentRow } from '../../shared/variant-components';
import { onPaymentMap, orderOnPay } from '../../shared/order-onpay';
import { lineJsonFields, linesOf, summaryColumns, toSummary } from './order-summary.queries';
import type { LineRow } from './order-summary.queries';
import type { Viewer } from '../../lib/viewer';

/** The order as this viewer may see it; 404 when a partner has no line in it (or it does not exist). */
export async function findOrderFor(db: DbOrTx, viewer: Viewer, orderId: number) {
  const [row] = await db.select(summaryColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) throw notFound();
  const lines = await linesOf(db, viewer, [orderId]);
  if (viewer.kind === 'partner' && lines.length === 0) throw notFound();
  return { row, lines };
}

/** An order line as order detail reads it, aggregated with its product, image, returns and recipe. */
interface DetailLineRow extends LineRow {
  variantTitle: string | null;
  productTitle: string | null;
  image: { url: string; altText: string | null } | null;
  hasRefund: boolean;
  refunds: { id: number; name: string }[];
  returns: {
    id: number;
    name: string;
    status: string;
    quantity: number;
    reason: string | null;
    reasonNote: string | null;
  }[];
  components: VariantComponentRow[];
}

/**
 * The viewer's lines of the order with everything the detail screen shows, as one JSON array. `own` limits
 * them to a partner's, or is empty for staff.
 */
function detailLinesJson(own: SQL) {
  return sql<DetailLineRow[]>`coalesce((
    select json_agg(json_build_object(
      ${lineJsonFields},
      'variantTitle', v.title, 'productTitle', pr.title,
      'image', (
        select json_build_object('url', i.url, 'altText', i.alt_text)
        from ${productImages} i where i.product_id = v.product_id order by i.position, i.id limit 1
      ),
      'returns', coalesce((
        select json_agg(json_build_object(
          'id', r.id, 'name', r.name, 'status', r.status, 'quantity', rl.quantity,
          'reason', rl.reason, 'reasonNote', rl.reason_note
        ) order by r.id, rl.id)
        from ${returnLines} rl join ${returns} r on r.id = rl.return_id
        where rl.order_line_id = l.id
      ), '[]'::json),
      'refunds', coalesce((
        select json_agg(json_build_object('id', f.id, 'name', f.name) order by f.id)
        from ${refundLines} fl join ${refunds} f on f.id = fl.refund_id
        where fl.order_line_id = l.id
      ), '[]'::json),
      'components', ${variantComponentsJson(sql.raw('l.product_variant_id'))}
    ) order by l.id)
    from ${orderLines} l
    left join ${partners} p on p.id = l.partner_id
    left join ${productVariants} v on v.id = l.product_variant_id
    left join ${products} pr on pr.id = v.product_id
    where l.order_id = orders.id${own}
  ), '[]'::json)`;
}

interface AdjustmentRow {
  kind: 'adjustment' | 'credit-note' | 'refund-deduction';
  id: number;
  title: string;
  quantity: number;
  valueCents: number;
  partnerId: number | null;
  partnerName: string | null;
}

// The order's adjustments, then every credit note and refund deduction on it (issue 46), taken from the partner.
const adjustmentsJson = sql<AdjustmentRow[]>`coalesce((
  select json_agg(row_to_json(x) order by x.rank, x.id) from (
    select 0 as rank, 'adjustment' as kind, a.id, a.title, a.quantity, a.value_cents as "valueCents",
      a.partner_id as "partnerId", p.name as "partnerName"
    from ${adjustments} a left join ${partners} p on p.id = a.partner_id
    where a.order_id = orders.id
    union all
    select 1, 'credit-note', c.id, 'Credit note: ' || coalesce(c.description, c.kind), 1, -c.amount_cents, c.partner_id, p.name
    from ${creditNotes} c left join ${partners} p on p.id = c.partner_id
    where c.order_id = orders.id
    union all
    select 2, 'refund-deduction', rp.id, 'Refund ' || f.name || ' deduction', 1, -rp.refund_deduction_cents,
      rp.partner_id, p.name
    from ${refundPartners} rp join ${refunds} f on f.id = rp.refund_id left join ${partners} p on p.id = rp.partner_id
    where f.order_id = orders.id and rp.refund_deduction_cents > 0
  ) x
), '[]'::json)`;

/** The detail's statement for staff or for a partner (`partnerId`), for `orderId`; built but not run. */
function detailQuery(db: DbOrTx, kind: Viewer['kind']) {
  const staff = kind === 'staff';
  const own = staff ? sql`` : sql` and l.partner_id = ${sql.placeholder('partnerId')}`;
  return db
    .select({
      ...summaryColumns,
      source: orders.source,
      paymentType: orders.paymentType,
      email: orders.email,
      fullyPaid: orders.fullyPaid,
      // A deleted customer's name stays on their orders (orders.customer_name).
      customer: sql<string | null>`coalesce(${customers.name}, ${orders.customerName})`,
      companyName: companies.name,
      profitCentre: profitCentres.name,
      lines: detailLinesJson(own),
      adjustments: staff ? adjustmentsJson : sql<AdjustmentRow[]>`'[]'::json`,
      refundedCents: sql<number>`(select coalesce(sum(f.amount_cents), 0)::int from ${refunds} f where f.order_id = orders.id)`,
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(profitCentres, eq(profitCentres.id, orders.profitCentreId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1);
}

type DetailStatement = ReturnType<ReturnType<typeof detailQuery>['prepare']>;
const detailStatements = new WeakMap<DbOrTx, Map<Viewer['kind'], DetailStatement>>();

/**
 * The detail's statement, built once per database (or transaction) and viewer kind and then only run with
 * its values (issue 39: building it cost more of the server's time than PostgreSQL spent running it).
 */
function detailStatement(db: DbOrTx, kind: Viewer['kind']): DetailStatement {
  let byKind = detailStatements.get(db);
  if (!byKind) detailStatements.set(db, (byKind = new Map<Viewer['kind'], DetailStatement>()));
  let prepared = byKind.get(kind);
  // No name of its own: db/client.ts names it by its text as every statement (unless told not to, for PgBouncer).
  if (!prepared) byKind.set(kind, (prepared = detailQuery(db, kind).prepare('')));
  return prepared;
}

/**
 * GET /api/orders/{id}: the order, its lines (only the viewer's own for a partner; 404 when they have
 * none) with product, image, returns, refunds and recipe, and for staff the adjustments and the order's
 * source, payment and customer. One statement: the screen opens in a single round trip.
 */
export async function orderDetail(db: DbOrTx, viewer: Viewer, orderId: number): Promise<OrderDetail> {
  const staff = viewer.kind === 'staff';
  const [row] = await detailStatement(db, viewer.kind).execute({
    orderId,
    partnerId: viewer.kind === 'partner' ? viewer.partnerId : 0,
  });
  if (!row || (viewer.kind === 'partner' && row.lines.length === 0)) throw notFound();
  const summary = toSummary(viewer, row, row.lines);
  const byId = new Map(row.lines.map((l) => [l.id, l]));

  return {
    ...summary,
    lines: summary.lines.map((line) => {
      const extra = byId.get(line.id)!;
      return {
        ...line,
        returns: extra.returns,
        hasRefund: extra.hasRefund,
        refunds: extra.refunds,
        product_components: extra.components.map((c) =>
          guidelineText({ quantity: Number(c.quantity), name: c.name, unit: c.unit, colour: c.colour }),
        ),
        image: extra.image
          ? { url: extra.image.url, altText: extra.image.altText ?? extra.productTitle ?? line.title }
          : null,
        variantTitle: extra.variantTitle,
      };
    }),
    adjustments: row.adjustments.map((a) => ({
      id: a.id,
      title: a.title,
      quantity: a.quantity,
      value: toRand(a.valueCents),
      partner: a.partnerId === null ? null : { id: a.partnerId, name: a.partnerName ?? '' },
      ...(a.kind === 'adjustment' ? {} : { kind: a.kind }),
    })),
    extra: staff
      ? {
          source: row.source,
          paymentType: row.paymentType,
          email: row.email,
          fullyPaid: row.fullyPaid,
          customer: row.customer,
          companyName: row.companyName,
          profitCentre: row.profitCentre,
        }
      : null,
    ...(staff ? { refundLeft: toRand(refundLeftCents(row, row.refundedCents)) } : {}),
  };
}

/**
 * GET /api/orders/{id}/history, newest first. Staff see every entry. A partner sees the order's own entries
 * (the delivery date) and the entries of their lines **since the line was last given to them**: an assignment
 * (and an un-accept) is the only move that brings a line back to open, so entries before a line's latest
 * move to open belong to whoever had it then — another partner's name, their user and their reject reason
 * never reach the next partner.
 */
export async function orderHistoryFor(db: DbOrTx, viewer: Viewer, orderId: number): Promise<HistoryEntry[]> {
  const { lines } = await findOrderFor(db, viewer, orderId);
  const scope =
    viewer.kind === 'partner'
      ? or(
          isNull(orderHistory.orderLineId),
          and(
            inArray(orderHistory.orderLineId, lines.length ? lines.map((l) => l.id) : [-1]),
            sql`${orderHistory.id} >= coalesce((
              select max(since.id) from ${orderHistory} since
              where since.order_line_id = ${orderHistory.orderLineId} and since.status = ${STATUS_ID.open}
            ), 0)`,
          ),
        )
      : undefined;
  const rows = await db
    .select({
      id: orderHistory.id,
      message: orderHistory.message,
      status: orderHistory.status,
      reason: orderHistory.reason,
      createdAt: orderHistory.createdAt,
      user: users.name,
    })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.userId))
    .where(and(eq(orderHistory.orderId, orderId), scope))
    .orderBy(desc(orderHistory.createdAt), desc(orderHistory.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * GET /api/orders/{id}/onpayment: the on-pay calculation for the viewer's partner, or for staff the
 * calculation per partner on the order (prefixed with the partner's name when there are several).
 * The rule itself (which lines are paid, who earns the delivery fee) is `orderOnPay`'s.
 */
export async function onPaymentFor(
  db: DbOrTx,
  viewer: Viewer,
  orderId: number,
): Promise<Record<string, number>> {
  const { row, lines } = await findOrderFor(db, viewer, orderId);
  return onPaymentMap(orderOnPay(row, lines));
}

export { STATUS_ID };
