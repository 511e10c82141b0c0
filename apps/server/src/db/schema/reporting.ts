import { bigint, date, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The reports' daily roll-up (docs/decisions.md "Issue 23: the reports' daily roll-up"). The reports read
 * these few rows a day instead of a year's order lines. They are kept by the database itself: triggers on
 * `orders` and `order_lines` (migration 0011) note the Johannesburg creation day of every order a statement
 * touches in `report_dirty_days`, and `report_refresh()` recomputes those days before a report reads. Ids
 * are plain integers, not foreign keys: a row names what a day held, and the reports join the names now.
 */

/** Days whose roll-up rows may be out of date: written by the triggers, emptied by `report_refresh()`. */
export const reportDirtyDays = pgTable('report_dirty_days', {
  day: date('day').notNull(),
});

/**
 * Per day, partner and line status (null: every status together), the orders with such a line of the
 * partner, those lines and their value; on the every-status row also the delivered lines and the seconds
 * from their orders' creation to their delivery (average fulfilment time).
 */
export const reportPartnerDays = pgTable(
  'report_partner_days',
  {
    day: date('day').notNull(),
    partnerId: integer('partner_id').notNull(),
    status: text('status'),
    orders: integer('orders').notNull(),
    lines: integer('lines').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    deliveredLines: integer('delivered_lines').notNull(),
    deliveredSeconds: doublePrecision('delivered_seconds').notNull(),
  },
  (t) => [index('report_partner_days_day_idx').on(t.day, t.status)],
);

/**
 * Per day, variant (null: lines without one), the order's profit centre and line status, the quantity
 * sold and its value: profit-centre revenue and component sales, with recipes and prices joined as they
 * are now.
 */
export const reportVariantDays = pgTable(
  'report_variant_days',
  {
    day: date('day').notNull(),
    variantId: integer('variant_id'),
    orderProfitCentreId: integer('order_profit_centre_id'),
    status: text('status').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_variant_days_day_idx').on(t.day)],
);
