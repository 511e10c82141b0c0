import { inArray, sql } from 'drizzle-orm';

import type { LineBound, PayRule } from '@bloomline/contract';
import { linesLeft, refundLeftCents } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { readSettings } from '../../shared/settings.queries';

/**
 * What is left on an order's lines and of its value (DECISIONS.md "Money that cannot go wrong"): the SQL that
 * reads what was taken, the contract's `linesLeft` and `refundLeftCents` that say what is left. Inside a claim's
 * change it is read after the order is locked (`lock` in shared/order-transitions), so claims on one order
 * queue there and each sees what the one before it wrote.
 */

interface BoundRow {
  orderId: number;
  id: number;
  partnerId: number | null;
  valueCents: number;
  quantity: number;
  status: string;
  /** The pay terms the line was assigned with (order_lines.pay_*, issue 46): never today's. */
  commission: string | null;
  vatRate: string | null;
  vatRegistered: boolean | null;
  /** Credit notes' and refund deductions' parts on the line (cents). */
  deductedCents: number;
  /** Returned by processed returns. */
  returnedProcessed: number;
}

/** A line that earns its partner money: assigned, and neither rejected nor cancelled (as the bills read it). */
const earns = (r: Pick<BoundRow, 'partnerId' | 'status'>) =>
  r.partnerId !== null && r.status !== 'rejected' && r.status !== 'cancel-confirmed';

/** Each line of the orders, what was taken on it and its partner's pay rule: one statement. */
const boundRows = (db: DbOrTx, orderIds: number[]) =>
  db
    .select({
      orderId: orderLines.orderId,
      id: orderLines.id,
      partnerId: orderLines.partnerId,
      valueCents: orderLines.valueCents,
      quantity: orderLines.quantity,
      status: orderLines.status,
      commission: sql<string | null>`${orderLines.payCommission}::text`,
      vatRate: sql<string | null>`${orderLines.payVatRate}::text`,
      vatRegistered: orderLines.payVatRegistered,
      deductedCents: sql<number>`(
        coalesce((select sum(rl.credit_cents) from return_lines rl where rl.order_line_id = order_lines.id), 0)
        + coalesce((select sum(fl.deduction_cents) from refund_lines fl where fl.order_line_id = order_lines.id), 0)
      )::int`,
      returnedProcessed: sql<number>`coalesce((
        select sum(rl.quantity) from return_lines rl join returns r on r.id = rl.return_id
        where rl.order_line_id = order_lines.id and r.status = 'processed'), 0)::int`,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.id);

export interface OrderBounds {
  lines: Map<number, LineBound & { valueCents: number; quantity: number; returnedProcessed: number }>;
  ruleOf: (partnerId: number) => PayRule | undefined;
  vat: number;
}

/** What is left on each line of some orders, by order. */
export async function boundsOfOrders(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderBounds>> {
  const out = new Map<number, OrderBounds>();
  if (orderIds.length === 0) return out;
  const rows = await boundRows(db, orderIds);
  const { vat } = await readSettings(db);
  const rules = new Map<number, PayRule>();
  for (const r of rows)
    if (r.partnerId !== null && r.commission !== null)
      rules.set(r.partnerId, {
        commission: Number(r.commission),
        vatRegistered: Boolean(r.vatRegistered),
        vat: r.vatRate === null ? vat : Number(r.vatRate),
      });
  const ruleOf = (partnerId: number) => rules.get(partnerId);
  for (const orderId of orderIds) {
    const own = rows.filter((r) => r.orderId === orderId);
    const left = linesLeft(
      own.map((r) => ({ ...r, earns: earns(r) })),
      ruleOf,
      vat,
    );
    out.set(orderId, {
      lines: new Map(
        left.map((b, i) => [
          b.id,
          {
            ...b,
            valueCents: own[i]!.valueCents,
            quantity: own[i]!.quantity,
            returnedProcessed: own[i]!.returnedProcessed,
          },
        ]),
      ),
      ruleOf,
      vat,
    });
  }
  return out;
}

/** What is left on each line of one order. */
export async function boundsOfOrder(db: DbOrTx, orderId: number): Promise<OrderBounds> {
  return (await boundsOfOrders(db, [orderId])).get(orderId)!;
}

/** What is left to refund on some orders (cents), by order: their value with delivery less their refunds. */
export async function refundsLeft(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      totalValueCents: orders.totalValueCents,
      refundedCents: sql<number>`coalesce((select sum(f.amount_cents) from refunds f where f.order_id = orders.id), 0)::int`,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, refundLeftCents(r, r.refundedCents)]));
}
