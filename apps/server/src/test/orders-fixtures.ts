import { eq } from 'drizzle-orm';

import type { LineStatus } from '@bloomline/contract';
import { deriveOrderStatus, isUnassigned } from '@bloomline/contract';

import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';

export interface LineSpec {
  partnerId: number | null;
  status: LineStatus;
  valueCents?: number;
  quantity?: number;
  title?: string;
  /** Any other column of the line (gift message, variant, partner_delivers …). */
  more?: Partial<typeof orderLines.$inferInsert>;
}

let seq = 50_000;

/** Inserts an order with the given lines, its status derived the way the service derives it. */
export async function createOrder(
  db: Db,
  lines: LineSpec[],
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<{ id: number; name: string; lineIds: number[] }> {
  seq += 1;
  const deliveryFeeCents = extra.deliveryFeeCents ?? 9900;
  const total = lines.reduce((s, l) => s + (l.valueCents ?? 45000) * (l.quantity ?? 1), 0) + deliveryFeeCents;
  const [order] = await db
    .insert(orders)
    .values({
      name: `#BL${String(seq)}`,
      status: deriveOrderStatus(lines),
      firstName: 'Thandi',
      lastName: 'Nkosi',
      phone: '+27 82 555 0101',
      address1: '12 Long Street',
      city: 'Cape Town',
      postalCode: '8001',
      latitude: -33.9221,
      longitude: 18.4231,
      deliveryDate: '2026-11-22',
      deliveryFeeCents,
      totalValueCents: total,
      hasUnassigned: lines.some((l) => isUnassigned(l)),
      ...extra,
    })
    .returning({ id: orders.id, name: orders.name });
  const inserted = await db
    .insert(orderLines)
    .values(
      lines.map((l, i) => ({
        orderId: order!.id,
        partnerId: l.partnerId,
        status: l.status,
        title: l.title ?? `Protea bouquet ${String(i + 1)}`,
        quantity: l.quantity ?? 1,
        valueCents: l.valueCents ?? 45000,
        statusBeforeCancel: l.status === 'cancel-requested' ? 'accepted' : null,
        ...l.more,
      })),
    )
    .returning({ id: orderLines.id });
  return { id: order!.id, name: order!.name, lineIds: inserted.map((r) => r.id) };
}

export async function orderState(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  return { order: order!, lines };
}
