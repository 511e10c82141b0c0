import { and, asc, eq, sql } from 'drizzle-orm';

import { deriveOrderStatus, STATUS_ID } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { Db, Tx } from '../db/client';
import { orderHistory, orderLines, orders, productVariants, products } from '../db/schema';
import { audit } from '../lib/audit';

/**
 * Order lines newly given to a partner, told after the change has committed (issue 25): one per partner and
 * order of one change, however many of its lines moved. modules/notifications answers it with pushes and a
 * live event; the orders workflow and the placing of an order call it.
 */
export interface NewOrderForPartner {
  partnerId: number;
  order: { id: number; name: string };
  lineCount: number;
}
export type AnnounceNewOrders = (news: NewOrderForPartner[]) => void;

/** One entry per (partner, order) of the lines given, the lines counted. */
export function newOrdersOf(
  order: { id: number; name: string },
  lines: readonly { partnerId: number | null }[],
): NewOrderForPartner[] {
  const counts = new Map<number, number>();
  for (const l of lines)
    if (l.partnerId !== null) counts.set(l.partnerId, (counts.get(l.partnerId) ?? 0) + 1);
  return [...counts].map(([partnerId, lineCount]) => ({ partnerId, order, lineCount }));
}

export interface PlacedLine {
  partnerId: number | null;
  productVariantId: number | null;
  title: string;
  quantity: number;
  valueCents: number;
}

export interface PlacedOrder {
  firstName: string;
  lastName: string;
  phone?: string;
  address1?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
  deliveryDate: string;
  deliveryFeeCents: number;
  notes?: string;
  lines: PlacedLine[];
}

/**
 * Places a new order with its lines (each open, for its partner or unassigned) in one transaction, with its
 * history and audit rows, and returns what to announce once it has committed. The order number follows the
 * highest given so far, under a transaction lock so two orders placed at once get two numbers.
 */
export async function placeOrder(db: Db, placed: PlacedOrder, byUserId: number | null) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72027234)`);
    const name = await nextOrderName(tx);
    const statuses = placed.lines.map(() => ({ status: 'open' as const }));
    const total = placed.lines.reduce((sum, l) => sum + l.quantity * l.valueCents, placed.deliveryFeeCents);
    const [order] = await tx
      .insert(orders)
      .values({
        name,
        status: deriveOrderStatus(statuses),
        source: 'web',
        firstName: placed.firstName,
        lastName: placed.lastName,
        phone: placed.phone ?? null,
        address1: placed.address1 ?? null,
        city: placed.city ?? null,
        latitude: placed.latitude ?? null,
        longitude: placed.longitude ?? null,
        deliveryDate: placed.deliveryDate,
        deliveryFeeCents: placed.deliveryFeeCents,
        totalValueCents: total,
        notes: placed.notes ?? null,
        hasUnassigned: placed.lines.some((l) => l.partnerId === null),
      })
      .returning({ id: orders.id, name: orders.name });
    const lines = await tx
      .insert(orderLines)
      .values(placed.lines.map((l) => ({ ...l, orderId: order!.id, status: 'open' })))
      .returning();
    await tx.insert(orderHistory).values({
      orderId: order!.id,
      userId: byUserId,
      message: `Order ${name} placed with ${String(lines.length)} item${lines.length === 1 ? '' : 's'}`,
      status: STATUS_ID.open,
    });
    await audit(tx, {
      userId: byUserId,
      event: 'created',
      message: `Order ${name} placed`,
      propertyType: 'order',
      propertyId: order!.id,
      oldValues: null,
      newValues: { name, lines: lines.length },
    });
    return { order: order!, lines, news: newOrdersOf(order!, lines) };
  });
}

async function nextOrderName(tx: Tx): Promise<string> {
  const [row] = await rowsOf<{ n: number | string | null }>(
    tx,
    sql`select max(substring(name from 4)::bigint) as n from orders where name ~ '^#BL[0-9]{1,15}$'`,
  );
  const highest = Number(row?.n ?? 10000);
  return `#BL${String(highest + 1)}`;
}

/** A few active products' variants with their prices, to make a believable demo order of. */
export async function someVariants(db: Db, count: number) {
  return db
    .select({
      id: productVariants.id,
      title: products.title,
      variant: productVariants.title,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.id, productVariants.productId), eq(products.status, 'active')))
    .orderBy(asc(productVariants.id))
    .limit(count);
}
