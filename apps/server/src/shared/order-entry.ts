import { and, eq, sql } from 'drizzle-orm';

import type { OrderEntryBody } from '@bloomline/contract';
import {
  MESSAGES,
  ORDER_ENTRY_MESSAGES,
  orderEntryTotalCents,
  STATUS_ID,
  toCents,
} from '@bloomline/contract';

import type { Db, DbOrTx } from '../db/client';
import { orders } from '../db/schema';
import { runStatement, statement } from '../db/statement';
import { isUniqueViolation } from '../lib/db-errors';
import { ValidationError } from '../lib/errors';

/**
 * The one way an order is made (DECISIONS.md "Orders come in"): the shop's door (`POST /api/intake/orders`,
 * with an API key) and staff's phone (`POST /api/orders`) both call `enterOrder`, which writes the order, its
 * open unassigned lines, its history and its audit entries in one statement (`ENTER`: one round trip, where
 * eleven were). The order's search text, its
 * report roll-up and the lists' counts follow from the rows themselves; the lines ring a partner's alerts when
 * staff later assign them.
 */

/**
 * Who made the order: a staff user, or an API key (named in the history and the audit) of a shop, perhaps made
 * for a partner's till.
 */
export type OrderMaker =
  | { kind: 'staff'; userId: number; name: string }
  | {
      kind: 'key';
      id: number;
      name: string;
      shop: string;
      partnerId: number | null;
      partnerName: string | null;
    };

export interface EnteredOrder {
  id: number;
  name: string;
  /** False when the shop sent an `externalId` already entered: the first order, unchanged. */
  created: boolean;
}

type Entry = OrderEntryBody & { externalId?: string | null };

/** After the seed wrote its own numbers: new orders are numbered after the highest one. */
export async function syncOrderNumbers(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`select setval('order_number_seq', greatest(10000, coalesce((select max(substring(name from 4)::bigint) from orders where name ~ '^#BL[0-9]{1,15}$'), 10000)))`,
  );
}

/**
 * The whole entry in one statement (one round trip, and whole or not at all with no transaction to open),
 * issue 34. `look` finds the order an `externalId` already made, which of the variants named exist, whether the
 * profit centre, company and placing partner named exist (the partner enabled), and the customer with this
 * e-mail (the oldest, when several share it). Only when nothing was made before and every choice exists (`go`)
 * does it write: a new customer when none has the e-mail, the order numbered from the sequence, its open
 * unassigned lines in the order sent (each titled by its product), the company linked to the customer, the
 * history, and the audit entries (the customer's first, as it was made first). Each message and audit value is
 * the one `audit()` would write; only the order's number comes from SQL. It answers what it looked up and what
 * it made. No comments inside: the text is kept on one line.
 */
const ENTER = statement(
  'order_entry',
  `with look as (
    select
      (select json_build_object('id', o.id, 'name', o.name) from orders o
        where $8::text is not null and o.external_id = $8::text and o.shop = $37::text) as known,
      (case when $18::double precision is null or $19::double precision is null
        then order_approximate_position($16::text, concat_ws(',', $13::text, $14::text, $15::text)) end) as place,
      array(select v.id from product_variants v where v.id = any($26::int[])) as variants,
      ($5::int is null or exists (select 1 from profit_centres where id = $5::int)) as profit_centre_ok,
      ($4::int is null or exists (select 1 from companies where id = $4::int)) as company_ok,
      ($25::int is null or exists (select 1 from partners where id = $25::int and enabled)) as partner_ok,
      (select c.id from customers c where lower(c.email) = lower($2::text) order by c.id limit 1) as customer_id
  ), go as (
    select look.customer_id from look
    where look.known is null and look.profit_centre_ok and look.company_ok and look.partner_ok
      and cardinality(look.variants) = cardinality(array(select distinct unnest($26::int[])))
  ), new_customer as (
    insert into customers (name, email, phone) select $1::text, $2::text, $3::text from go where go.customer_id is null
    returning id
  ), buyer as (
    select coalesce(go.customer_id, (select id from new_customer)) as id from go
  ), new_order as (
    insert into orders (name, status, customer_id, company_id, profit_centre_id, source, payment_type, external_id,
      email, first_name, last_name, phone, company, address1, address2, address3, city, postal_code, latitude,
      longitude, notes, delivery_date, is_collection, delivery_fee_cents, total_value_cents, has_unassigned,
      placed_by_partner_id, shop, location_approximate)
    select '#BL' || nextval('order_number_seq'), 'open', buyer.id, $4::int, $5::int, $6::text, $7::text, $8::text,
      $2::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text,
      coalesce(look.place[1], $18::double precision), coalesce(look.place[2], $19::double precision), $20::text,
      $21::date, $22::boolean, $23::bigint, $24::bigint, true, $25::int, $37::text, look.place is not null
    from buyer, look
    returning id, name
  ), new_lines as (
    insert into order_lines (order_id, partner_id, status, product_variant_id, title, quantity, value_cents,
      gift_message, custom_name)
    select new_order.id, null, 'open', l.variant, p.title, l.quantity, l.value_cents, l.gift_message, l.custom_name
    from new_order
    cross join unnest($26::int[], $27::int[], $28::bigint[], $29::text[], $30::text[])
      with ordinality as l(variant, quantity, value_cents, gift_message, custom_name, n)
    join product_variants v on v.id = l.variant
    join products p on p.id = v.product_id
    order by l.n
    returning id
  ), company_link as (
    insert into customer_companies (customer_id, company_id) select buyer.id, $4::int from buyer
    where $4::int is not null on conflict do nothing
  ), history as (
    insert into order_history (order_id, user_id, message, status)
    select new_order.id, $31::int, 'Order ' || new_order.name || $32::text, $33::int from new_order
  ), audits as (
    insert into audit_entries (user_id, event, message, property_type, property_id, old_values, new_values)
    select $31::int, 'created', $35::text || new_order.name, 'customer', new_customer.id, null::jsonb, $36::jsonb
    from new_customer, new_order
    union all
    select $31::int, 'created', 'Order ' || new_order.name || $32::text, 'order', new_order.id, null::jsonb,
      jsonb_build_object('name', new_order.name) || $34::jsonb
    from new_order
  )
  select look.known, look.variants, look.profit_centre_ok, look.company_ok, look.partner_ok,
    (select json_build_object('id', id, 'name', name) from new_order) as made
  from look`,
);

interface Entered extends Record<string, unknown> {
  known: { id: number; name: string } | null;
  variants: number[];
  profit_centre_ok: boolean;
  company_ok: boolean;
  partner_ok: boolean;
  made: { id: number; name: string } | null;
}

/**
 * Enters an order. With an `externalId` its shop already entered it answers that order and writes nothing, also
 * when two arrive at once: the unique index on (shop, external_id) decides, the statement that loses writes
 * nothing (its customer neither), and the same statement again finds the winner's order. The placing partner is
 * checked first (`placingRefusal`).
 */
export async function enterOrder(db: Db, entry: Entry, by: OrderMaker): Promise<EnteredOrder> {
  const placing = placingRefusal(entry, by);
  if (placing) throw ValidationError.field('placedByPartnerId', placing);
  const values = enterValues(entry, by);
  let result: Entered;
  try {
    [result] = (await runStatement<Entered>(db, ENTER, values)) as [Entered];
  } catch (err) {
    if (!entry.externalId || !isUniqueViolation(err, 'orders_shop_external_id_unique')) throw err;
    [result] = (await runStatement<Entered>(db, ENTER, values)) as [Entered];
    if (!result.known) throw err;
  }
  if (result.known) return { ...result.known, created: false };
  if (result.made) return { ...result.made, created: true };
  throw refusal(entry, result);
}

/**
 * Why an order may not name this placing partner (DECISIONS.md "In-store deductions come from in-store orders"),
 * or null: only an in-store order names one, and through the shop's door only a key made for that partner (a
 * till's key) names it, and only its own partner. Whether the partner exists and is enabled is `ENTER`'s look;
 * the order's lines come in unassigned, so none is yet the placing partner's own.
 */
function placingRefusal(entry: Entry, by: OrderMaker): string | null {
  const placedBy = entry.placedByPartnerId ?? null;
  if (placedBy === null) return null;
  if (entry.source !== 'in-store') return ORDER_ENTRY_MESSAGES.placedByNotInStore;
  if (by.kind === 'staff') return null;
  if (by.partnerId === null) return ORDER_ENTRY_MESSAGES.placedByShopKey;
  if (by.partnerId !== placedBy)
    return ORDER_ENTRY_MESSAGES.placedByOtherPartner(by.partnerName ?? 'another partner');
  return null;
}

/** The order a shop sent with this number of its own (`GET /api/intake/orders/{externalId}`), or undefined. */
export async function shopOrderId(db: DbOrTx, shop: string, externalId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shop, shop), eq(orders.externalId, externalId)));
  return row?.id;
}

/**
 * Orders without coordinates take their suburb's (else their city's) position, marked approximate: the same
 * SQL function `ENTER` calls (migration 0021), for orders written by other means (the demo seed's batches).
 */
export async function fillApproximatePositions(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`update orders o set latitude = p.pos[1], longitude = p.pos[2], location_approximate = true
    from (select id, order_approximate_position(city, concat_ws(',', address1, address2, address3)) as pos
      from orders where latitude is null or longitude is null) p
    where o.id = p.id and p.pos is not null`);
}

/**
 * Why nothing was made: an unknown variant is a 422 on its line, else a missing profit centre, company or
 * placing partner a 422 on its field.
 */
function refusal(entry: Entry, result: Entered): Error {
  const found = new Set(result.variants);
  const errors: Record<string, string[]> = {};
  entry.lines.forEach((l, i) => {
    if (!found.has(l.productVariantId))
      errors[`lines.${String(i)}.productVariantId`] = [ORDER_ENTRY_MESSAGES.unknownVariant];
  });
  if (Object.keys(errors).length > 0) return new ValidationError(errors);
  const missing = [
    result.profit_centre_ok ? null : 'profitCentreId',
    result.company_ok ? null : 'companyId',
  ].filter((f): f is string => f !== null);
  if (missing.length > 0 || !result.partner_ok)
    return new ValidationError({
      ...Object.fromEntries(missing.map((f) => [f, [MESSAGES.invalidChoice]])),
      ...(result.partner_ok ? {} : { placedByPartnerId: [ORDER_ENTRY_MESSAGES.placedByUnknown] }),
    });
  return new Error('order entry: nothing made and nothing refused');
}

/** `ENTER`'s values, in its parameters' order. */
function enterValues(entry: Entry, by: OrderMaker): unknown[] {
  const r = entry.recipient;
  const c = entry.customer;
  const count = entry.lines.length;
  const who = by.kind === 'key' ? `the API key "${by.name}"` : by.name;
  const total = orderEntryTotalCents(entry);
  return [
    c.name,
    c.email,
    c.phone,
    entry.companyId ?? null,
    entry.profitCentreId ?? null,
    entry.source,
    entry.paymentType,
    entry.externalId ?? null,
    r.firstName,
    r.lastName,
    r.phone,
    r.company,
    r.address1,
    r.address2,
    r.address3,
    r.city,
    r.postalCode,
    r.latitude ?? null,
    r.longitude ?? null,
    entry.notes,
    entry.deliveryDate,
    entry.isCollection,
    toCents(entry.deliveryFee),
    total,
    entry.placedByPartnerId ?? null,
    entry.lines.map((l) => l.productVariantId),
    entry.lines.map((l) => l.quantity),
    entry.lines.map((l) => toCents(l.value)),
    entry.lines.map((l) => l.giftMessage),
    entry.lines.map((l) => l.customName),
    by.kind === 'staff' ? by.userId : null,
    ` placed by ${who} with ${String(count)} item${count === 1 ? '' : 's'}`,
    STATUS_ID.open,
    JSON.stringify({
      source: entry.source,
      lines: count,
      total: total / 100,
      ...(entry.externalId ? { externalId: entry.externalId } : {}),
      ...(by.kind === 'key' ? { apiKey: by.name, apiKeyId: by.id, shop: by.shop } : {}),
      ...(entry.placedByPartnerId ? { placedByPartnerId: entry.placedByPartnerId } : {}),
    }),
    `Customer ${c.name} added with order `,
    JSON.stringify({ name: c.name, email: c.email, phone: c.phone }),
    by.kind === 'key' ? by.shop : null,
  ];
}
