import { LINE_STATUSES, ORDER_SOURCES, PAYMENT_TYPES } from '@bloomline/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { productVariants, profitCentres } from './catalogue';
import { companies, customers } from './customers';
import { partners } from './partners';
import { users } from './users';

const statusList = sql.raw(LINE_STATUSES.map((s) => `'${s.name}'`).join(', '));

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Order numbers ("#BL10234") are drawn from a sequence, so orders coming in at once never wait for each other
 * to be numbered (a number lost to a rolled-back order leaves a gap, as every shop's numbers have). The seed
 * writes its own numbers and moves the sequence past them.
 */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Order number as customers see it, e.g. "#BL10234". */
    name: text('name').notNull().unique(),
    /** Derived from the lines with deriveOrderStatus() in the transaction that changes them. */
    status: text('status').notNull().default('open'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /**
     * The buyer's name, copied from the customer when the customer record is deleted (the link above is
     * then cleared), so the order still names who bought it. While the customer exists their record is read.
     */
    customerName: text('customer_name'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    profitCentreId: integer('profit_centre_id').references(() => profitCentres.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('web'),
    paymentType: text('payment_type').notNull().default('card'),
    /**
     * The shop's own number for an order that came in through `POST /api/intake/orders`: the same one again from
     * the same shop is the same order (a retry), which the unique index on (shop, external_id) decides even for
     * two sent at once; another shop's same number is another order (issue 46).
     */
    externalId: text('external_id'),
    /** The shop whose API key sent the order (`api_keys.shop`); null for staff's own entries. */
    shop: text('shop'),
    /** The buyer's email. */
    email: text('email'),
    // Recipient and delivery point.
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    company: text('company'),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    city: text('city'),
    country: text('country').notNull().default('South Africa'),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * True when the order came without coordinates and took its suburb's (else its city's) position from the
     * locations tree (issue 46), so partners can still be chosen by distance.
     */
    locationApproximate: boolean('location_approximate').notNull().default(false),
    notes: text('notes'),
    deliveryDate: date('delivery_date'),
    isCollection: boolean('is_collection').notNull().default(false),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    /** Sum of quantity × value over the lines, plus the delivery fee. */
    totalValueCents: integer('total_value_cents').notNull().default(0),
    hasRefund: boolean('has_refund').notNull().default(false),
    hasReturn: boolean('has_return').notNull().default(false),
    /** True while any line has no partner; kept in step with the lines for the `unassigned` filter. */
    hasUnassigned: boolean('has_unassigned').notNull().default(false),
    fullyPaid: boolean('fully_paid').notNull().default(false),
    /** The partner who placed an in-store (relay) order for delivery by another partner. */
    placedByPartnerId: integer('placed_by_partner_id').references(() => partners.id, {
      onDelete: 'set null',
    }),
    /**
     * Lower-case order number, recipient name, phone and company in one text, kept by PostgreSQL itself,
     * for the lists' case-insensitive "contains" search (`search like '%…%'`).
     */
    search: text('search').generatedAlwaysAs(
      sql.raw(
        `lower(name || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company, ''))`,
      ),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // DESC NULLS FIRST is what `order by created_at desc, id desc` asks for (drizzle would default to NULLS LAST).
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_delivery_date_idx').on(t.deliveryDate, t.createdAt),
    // The accounting report's period and keyset batches: delivery date, then id (issue 35).
    index('orders_delivery_date_id_idx').on(t.deliveryDate, t.id),
    index('orders_unassigned_idx')
      .on(t.createdAt)
      .where(sql`${t.hasUnassigned}`),
    index('orders_returns_idx')
      .on(t.createdAt)
      .where(sql`${t.hasReturn}`),
    index('orders_refunds_idx')
      .on(t.createdAt)
      .where(sql`${t.hasRefund}`),
    index('orders_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('orders_last_name_lower_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('orders_customer_idx').on(t.customerId),
    // Search from anywhere (issue 40): the buyer's e-mail as "contains", and the lists' profit-centre filter.
    index('orders_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('orders_profit_centre_created_idx').on(t.profitCentreId, t.createdAt),
    uniqueIndex('orders_shop_external_id_unique').on(t.shop, t.externalId),
    index('orders_placed_by_partner_idx')
      .on(t.placedByPartnerId, t.createdAt)
      .where(sql`${t.placedByPartnerId} is not null`),
    check('orders_status_check', sql`${t.status} in (${statusList})`),
    check('orders_source_check', sql`${t.source} in (${quoted(ORDER_SOURCES)})`),
    check('orders_payment_type_check', sql`${t.paymentType} in (${quoted(PAYMENT_TYPES)})`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null = unassigned. A rejected line keeps its partner until staff reassign or cancel it. */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    productVariantId: integer('product_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Unit retail value incl VAT. */
    valueCents: integer('value_cents').notNull().default(0),
    giftMessage: text('gift_message'),
    customName: text('custom_name'),
    /** Whether this line's partner delivers (and so earns the order's delivery fee). */
    partnerDelivers: boolean('partner_delivers').notNull().default(true),
    /** The status a line had when its cancellation was requested: where "reject cancellation" returns it. */
    statusBeforeCancel: text('status_before_cancel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * The pay terms the line was assigned with (issue 46, "A line's pay is fixed when it is assigned"): the
     * VAT rate, its partner's commission and VAT registration at that moment; null while unassigned. Kept by
     * the database (migration 0024's trigger `order_line_pay_terms`, on every insert and every change of
     * `partner_id`), so every path that gives a line a partner, the seed's too, writes them the same way and
     * nothing else can change them: whatever is written here is overwritten by the trigger.
     */
    payVatRate: numeric('pay_vat_rate'),
    payCommission: numeric('pay_commission', { precision: 5, scale: 4 }),
    payVatRegistered: boolean('pay_vat_registered'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_partner_status_idx').on(t.partnerId, t.status, t.orderId),
    index('order_lines_variant_idx').on(t.productVariantId),
    check('order_lines_status_check', sql`${t.status} in (${statusList})`),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'order_lines_pay_terms_check',
      sql`(${t.partnerId} is null) = (${t.payCommission} is null) and (${t.payCommission} is null) = (${t.payVatRate} is null) and (${t.payVatRate} is null) = (${t.payVatRegistered} is null)`,
    ),
  ],
);

export const adjustments = pgTable(
  'adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(1),
    valueCents: integer('value_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('adjustments_order_idx').on(t.orderId)],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** Line status id of LINE_STATUSES (3 = rejected, shown with its reason). */
    status: integer('status'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_history_order_idx').on(t.orderId, t.createdAt),
    // A line's entries, newest id last: what a partner may read of a line's history starts at its latest move
    // to open (order-detail.queries.ts), and deleting a line sets its entries' line to null.
    index('order_history_order_line_idx').on(t.orderLineId, t.id),
  ],
);

export const orderLineRejectReasons = pgTable('order_line_reject_reasons', {
  id: serial('id').primaryKey(),
  reason: text('reason').notNull(),
  position: integer('position').notNull().default(0),
});
