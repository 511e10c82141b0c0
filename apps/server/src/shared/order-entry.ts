import { and, eq, inArray, sql } from 'drizzle-orm';

import type { OrderEntryBody } from '@bloomline/contract';
import {
  MESSAGES,
  ORDER_ENTRY_MESSAGES,
  orderEntryTotalCents,
  STATUS_ID,
  toCents,
} from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { Db, DbOrTx, Tx } from '../db/client';
import {
  companies,
  customerCompanies,
  customers,
  orderHistory,
  orderLines,
  orders,
  partners,
  productVariants,
  products,
  profitCentres,
} from '../db/schema';
import { audit } from '../lib/audit';
import { ValidationError } from '../lib/errors';

/**
 * The one way an order is made (DECISIONS.md "Orders come in"): the shop's door (`POST /api/intake/orders`,
 * with an API key) and staff's phone (`POST /api/orders`) both call `enterOrder`, which writes the order, its
 * open unassigned lines, its history and its audit entry in one transaction. The order's search text, its
 * report roll-up and the lists' counts follow from the rows themselves; the lines ring a partner's alerts when
 * staff later assign them.
 */

/** Who made the order: a staff user, or an API key (named in the history and the audit). */
export type OrderMaker =
  { kind: 'staff'; userId: number; name: string } | { kind: 'key'; id: number; name: string };

export interface EnteredOrder {
  id: number;
  name: string;
  /** False when the shop sent an `externalId` already entered: the first order, unchanged. */
  created: boolean;
}

type Entry = OrderEntryBody & { externalId?: string | null };

/** Thrown inside the transaction when a simultaneous request entered the same `externalId` first. */
class AlreadyEntered extends Error {}

/** The next order number, from the order-number sequence (schema/orders.ts). */
export async function nextOrderName(tx: DbOrTx): Promise<string> {
  const [row] = await rowsOf<{ n: string | number }>(tx, sql`select nextval('order_number_seq') as n`);
  return `#BL${String(row!.n)}`;
}

/** After the seed wrote its own numbers: new orders are numbered after the highest one. */
export async function syncOrderNumbers(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`select setval('order_number_seq', greatest(10000, coalesce((select max(substring(name from 4)::bigint) from orders where name ~ '^#BL[0-9]{1,15}$'), 10000)))`,
  );
}

const byExternalId = async (db: DbOrTx, externalId: string) => {
  const [row] = await db
    .select({ id: orders.id, name: orders.name })
    .from(orders)
    .where(eq(orders.externalId, externalId));
  return row;
};

/**
 * Enters an order. With an `externalId` already entered it answers that order and writes nothing, also when
 * two arrive at once: the unique constraint decides, and the transaction that loses rolls back whole (its
 * customer too) before the winner's order is read.
 */
export async function enterOrder(db: Db, entry: Entry, by: OrderMaker): Promise<EnteredOrder> {
  const externalId = entry.externalId ?? null;
  if (externalId) {
    const known = await byExternalId(db, externalId);
    if (known) return { ...known, created: false };
  }
  try {
    return await db.transaction(async (tx) => ({ ...(await insertOrder(tx, entry, by)), created: true }));
  } catch (err) {
    if (!(err instanceof AlreadyEntered) || !externalId) throw err;
    const known = await byExternalId(db, externalId);
    if (!known) throw err;
    return { ...known, created: false };
  }
}

async function insertOrder(tx: Tx, entry: Entry, by: OrderMaker) {
  const variants = await variantsOf(tx, entry);
  await checkChoices(tx, entry);
  const name = await nextOrderName(tx);
  const customerId = await customerFor(tx, entry, name, by);
  const r = entry.recipient;
  const [order] = await tx
    .insert(orders)
    .values({
      name,
      externalId: entry.externalId ?? null,
      status: 'open',
      source: entry.source,
      paymentType: entry.paymentType,
      customerId,
      companyId: entry.companyId ?? null,
      profitCentreId: entry.profitCentreId ?? null,
      email: entry.customer.email,
      firstName: r.firstName,
      lastName: r.lastName,
      phone: r.phone,
      company: r.company,
      address1: r.address1,
      address2: r.address2,
      address3: r.address3,
      city: r.city,
      postalCode: r.postalCode,
      latitude: r.latitude ?? null,
      longitude: r.longitude ?? null,
      notes: entry.notes,
      deliveryDate: entry.deliveryDate,
      isCollection: entry.isCollection,
      deliveryFeeCents: toCents(entry.deliveryFee),
      totalValueCents: orderEntryTotalCents(entry),
      hasUnassigned: true,
      placedByPartnerId: entry.placedByPartnerId ?? null,
    })
    .onConflictDoNothing({ target: orders.externalId })
    .returning({ id: orders.id, name: orders.name });
  if (!order) throw new AlreadyEntered();
  await tx.insert(orderLines).values(
    entry.lines.map((l) => {
      const v = variants.get(l.productVariantId)!;
      return {
        orderId: order.id,
        partnerId: null,
        status: 'open',
        productVariantId: l.productVariantId,
        title: v.productTitle,
        quantity: l.quantity,
        valueCents: toCents(l.value),
        giftMessage: l.giftMessage,
        customName: l.customName,
      };
    }),
  );
  const count = entry.lines.length;
  const who = by.kind === 'key' ? `the API key "${by.name}"` : by.name;
  const message = `Order ${name} placed by ${who} with ${String(count)} item${count === 1 ? '' : 's'}`;
  const userId = by.kind === 'staff' ? by.userId : null;
  await tx.insert(orderHistory).values({ orderId: order.id, userId, message, status: STATUS_ID.open });
  await audit(tx, {
    userId,
    event: 'created',
    message,
    propertyType: 'order',
    propertyId: order.id,
    oldValues: null,
    newValues: {
      name,
      source: entry.source,
      lines: count,
      total: orderEntryTotalCents(entry) / 100,
      ...(entry.externalId ? { externalId: entry.externalId } : {}),
      ...(by.kind === 'key' ? { apiKey: by.name, apiKeyId: by.id } : {}),
    },
  });
  return order;
}

/** The variants the lines name, each with its product's title; an unknown one is a 422 on its line. */
async function variantsOf(tx: Tx, entry: Entry) {
  const ids = [...new Set(entry.lines.map((l) => l.productVariantId))];
  const rows = await tx
    .select({ id: productVariants.id, productTitle: products.title })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  entry.lines.forEach((l, i) => {
    if (!found.has(l.productVariantId))
      errors[`lines.${String(i)}.productVariantId`] = [ORDER_ENTRY_MESSAGES.unknownVariant];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return found;
}

/** The profit centre, company and placing partner named exist (the partner enabled), or a 422 on each. */
async function checkChoices(tx: Tx, entry: Entry) {
  const exists = async (field: string, id: number | undefined, query: () => Promise<unknown[]>) => {
    if (id === undefined) return null;
    return (await query()).length > 0 ? null : field;
  };
  const missing = [
    await exists('profitCentreId', entry.profitCentreId, () =>
      tx
        .select({ id: profitCentres.id })
        .from(profitCentres)
        .where(eq(profitCentres.id, entry.profitCentreId!)),
    ),
    await exists('companyId', entry.companyId, () =>
      tx.select({ id: companies.id }).from(companies).where(eq(companies.id, entry.companyId!)),
    ),
    await exists('placedByPartnerId', entry.placedByPartnerId, () =>
      tx
        .select({ id: partners.id })
        .from(partners)
        .where(and(eq(partners.id, entry.placedByPartnerId!), eq(partners.enabled, true))),
    ),
  ].filter((f): f is string => f !== null);
  if (missing.length > 0)
    throw new ValidationError(Object.fromEntries(missing.map((f) => [f, [MESSAGES.invalidChoice]])));
}

/**
 * The buyer: the customer with this e-mail (the oldest, when several share it), else a new one. A company
 * given with the order is linked to them. Nothing already stored about a known customer is changed.
 */
async function customerFor(tx: Tx, entry: Entry, orderName: string, by: OrderMaker): Promise<number> {
  const email = entry.customer.email;
  const [known] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .orderBy(customers.id)
    .limit(1);
  let id = known?.id;
  if (id === undefined) {
    const values = { name: entry.customer.name, email, phone: entry.customer.phone };
    id = (await tx.insert(customers).values(values).returning({ id: customers.id }))[0]!.id;
    await audit(tx, {
      userId: by.kind === 'staff' ? by.userId : null,
      event: 'created',
      message: `Customer ${values.name} added with order ${orderName}`,
      propertyType: 'customer',
      propertyId: id,
      oldValues: null,
      newValues: values,
    });
  }
  if (entry.companyId !== undefined)
    await tx
      .insert(customerCompanies)
      .values({ customerId: id, companyId: entry.companyId })
      .onConflictDoNothing();
  return id;
}
