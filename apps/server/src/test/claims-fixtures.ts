import type { Db } from '../db/client';
import { refundLines, refundPartners, refunds, returnLines, returns } from '../db/schema';

let seq = 0;

/** An open return of some of an order's lines, as the shop sends one. */
export async function createReturn(
  db: Db,
  order: { id: number; name: string },
  lines: { orderLineId: number; quantity: number; reason: string; reasonNote?: string | null }[],
  extra: Partial<typeof returns.$inferInsert> = {},
): Promise<{ id: number; name: string }> {
  seq += 1;
  const [row] = await db
    .insert(returns)
    .values({ name: `${order.name}-R${String(seq)}`, orderId: order.id, ...extra })
    .returning({ id: returns.id, name: returns.name });
  if (lines.length > 0)
    await db.insert(returnLines).values(lines.map((l) => ({ returnId: row!.id, reasonNote: null, ...l })));
  return row!;
}

/**
 * An unprocessed refund of some lines, as the shop sends one: a share per partner of the lines (none for an
 * unassigned line), its on pay amount the sum of the lines' on pay.
 */
export async function createRefund(
  db: Db,
  order: { id: number; name: string },
  lines: { orderLineId: number; partnerId: number | null; amountCents: number; onPayAmountCents: number }[],
  extra: Partial<typeof refunds.$inferInsert> = {},
): Promise<{ id: number; name: string; shares: Map<number, number> }> {
  seq += 1;
  const [row] = await db
    .insert(refunds)
    .values({
      name: `${order.name}-RF${String(seq)}`,
      orderId: order.id,
      amountCents: lines.reduce((s, l) => s + l.amountCents, 0),
      onPayAmountCents: lines.reduce((s, l) => s + l.onPayAmountCents, 0),
      ...extra,
    })
    .returning({ id: refunds.id, name: refunds.name });
  const shares = new Map<number, number>();
  for (const partnerId of new Set(lines.flatMap((l) => (l.partnerId === null ? [] : [l.partnerId])))) {
    const [share] = await db
      .insert(refundPartners)
      .values({ refundId: row!.id, partnerId })
      .returning({ id: refundPartners.id });
    shares.set(partnerId, share!.id);
  }
  await db.insert(refundLines).values(
    lines.map((l) => ({
      refundId: row!.id,
      refundPartnerId: l.partnerId === null ? null : shares.get(l.partnerId)!,
      orderLineId: l.orderLineId,
      amountCents: l.amountCents,
      onPayAmountCents: l.onPayAmountCents,
    })),
  );
  return { ...row!, shares };
}
