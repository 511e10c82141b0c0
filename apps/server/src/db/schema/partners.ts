import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { locations } from './locations';

export const partnerType = pgEnum('partner_type', ['florist', 'courier']);
export const saturdayMode = pgEnum('saturday_mode', ['closed', 'same_day', 'open']);

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    partnerType: partnerType('partner_type').notNull().default('florist'),
    rating: integer('rating').notNull().default(5),
    radiusKm: doublePrecision('radius_km').notNull().default(15),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    provinceId: integer('province_id').references(() => locations.id),
    cityId: integer('city_id').references(() => locations.id),
    suburbId: integer('suburb_id').references(() => locations.id),
    country: text('country').notNull().default('South Africa'),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ownerName: text('owner_name'),
    ownerEmail: text('owner_email'),
    ownerPhone: text('owner_phone'),
    businessEmail: text('business_email'),
    businessPhone: text('business_phone'),
    wholesaleDeliveryFeeCents: integer('wholesale_delivery_fee_cents').notNull().default(0),
    avbobSalesChannel: boolean('avbob_sales_channel').notNull().default(true),
    webSalesSalesChannel: boolean('web_sales_sales_channel').notNull().default(true),
    inStoreSalesChannel: boolean('in_store_sales_channel').notNull().default(true),
    b2bSalesChannel: boolean('b2b_sales_channel').notNull().default(true),
    bankName: text('bank_name'),
    branchCode: text('branch_code'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    accountType: text('account_type'),
    /** Commission the marketplace keeps, as a fraction (0.25 = 25 %). */
    commission: numeric('commission', { precision: 5, scale: 4 }).notNull().default('0.2500'),
    enabled: boolean('enabled').notNull().default(true),
    saturday: saturdayMode('saturday').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partners_name_idx').on(sql`lower(${t.name})`), index('partners_enabled_idx').on(t.enabled)],
);

/** Out-of-office periods of a partner, inclusive of both dates. */
export const partnerOfflineTimes = pgTable(
  'partner_offline_times',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_offline_times_partner_idx').on(t.partnerId, t.startDate),
    // The API answers 422 first; this keeps any other writer from storing an end before the start.
    check('partner_offline_times_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
