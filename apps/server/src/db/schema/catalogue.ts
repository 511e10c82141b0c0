import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { partners } from './partners';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const colours = pgTable(
  'colours',
  { id: serial('id').primaryKey(), name: text('name').notNull(), ...timestamps },
  (t) => [uniqueIndex('colours_name_unique').on(sql`lower(${t.name})`)],
);

export const measureUnits = pgTable(
  'measure_units',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortCode: text('short_code').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('measure_units_name_unique').on(sql`lower(${t.name})`)],
);

/** A quantity of a measure unit ("1 Stem", "10 Stem"): what one component is sold in. */
export const componentUnits = pgTable(
  'component_units',
  {
    id: serial('id').primaryKey(),
    quantity: numeric('quantity', { precision: 10, scale: 3 }).notNull().default('1'),
    measureUnitId: integer('measure_unit_id')
      .notNull()
      .references(() => measureUnits.id),
    ...timestamps,
  },
  (t) => [index('component_units_measure_unit_idx').on(t.measureUnitId)],
);

export const components = pgTable(
  'components',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    wholesaleExclVatCents: integer('wholesale_excl_vat_cents').notNull().default(0),
    container: boolean('container').notNull().default(false),
    excludeAutoCalculations: boolean('exclude_auto_calculations').notNull().default(false),
    showOnMenu: boolean('show_on_menu').notNull().default(true),
    isCommission: boolean('is_commission').notNull().default(false),
    // restrict: a colour or unit in use cannot be deleted (409 naming the components).
    unitId: integer('unit_id').references(() => componentUnits.id, { onDelete: 'restrict' }),
    colourId: integer('colour_id').references(() => colours.id, { onDelete: 'restrict' }),
    /** The picture's file name in the data folder's `component-images/` (its content hash), or null. */
    imageFile: text('image_file'),
    imageMime: text('image_mime'),
    ...timestamps,
  },
  (t) => [
    index('components_name_idx').on(sql`lower(${t.name})`),
    index('components_wholesale_idx').on(t.wholesaleExclVatCents),
  ],
);

export const profitCentres = pgTable(
  'profit_centres',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Fraction (0.85 = 85 %); null when the centre has no default. */
    defaultMarkup: numeric('default_markup', { precision: 8, scale: 4 }),
    defaultAutoUpdate: boolean('default_auto_update').notNull().default(false),
    rebate: numeric('rebate', { precision: 5, scale: 4 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profit_centres_name_unique').on(sql`lower(${t.name})`),
    check('profit_centres_rebate_check', sql`${t.rebate} >= 0 and ${t.rebate} < 1`),
    check('profit_centres_default_markup_check', sql`${t.defaultMarkup} >= 0`),
  ],
);

/** The retail price of a component in one profit centre (DECISIONS.md, "Money and pricing"). */
export const componentRates = pgTable(
  'component_rates',
  {
    id: serial('id').primaryKey(),
    componentId: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    profitCentreId: integer('profit_centre_id')
      .notNull()
      .references(() => profitCentres.id, { onDelete: 'cascade' }),
    markup: numeric('markup', { precision: 8, scale: 4 }).notNull().default('0'),
    autoUpdate: boolean('auto_update').notNull().default(false),
    vatCents: integer('vat_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull().default(0),
    rebate: numeric('rebate', { precision: 5, scale: 4 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    unique('component_rates_component_profit_centre_unique').on(t.componentId, t.profitCentreId),
    index('component_rates_profit_centre_idx').on(t.profitCentreId),
    check('component_rates_markup_check', sql`${t.markup} >= 0`),
    check('component_rates_rebate_check', sql`${t.rebate} >= 0 and ${t.rebate} < 1`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull().default('active'),
    productType: text('product_type'),
    handle: text('handle').notNull().unique(),
    ...timestamps,
  },
  (t) => [
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_title_idx').on(sql`lower(${t.title})`),
    check('products_status_check', sql`${t.status} in ('active', 'draft', 'archived')`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Raw bytes; PostgreSQL answers a Buffer (node-postgres) or a Uint8Array (PGlite). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The demo catalogue's pictures, served at `/images/products/<name>` (issue 19): drawn once by the seed and
 * kept here, so every instance serves the same ones and a request never draws.
 */
export const productPictures = pgTable('product_pictures', {
  /** The file name in the address, e.g. `red-rose-bouquet.png`. */
  name: text('name').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sku: text('sku'),
    /** Retail price incl VAT. */
    priceCents: integer('price_cents').notNull().default(0),
    wholesaleExclVatCents: integer('wholesale_excl_vat_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_sku_idx').on(t.sku),
  ],
);

/** The components (through their rate in a profit centre) a variant is made of: the florist's guideline. */
export const variantComponentRates = pgTable(
  'variant_component_rates',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    // restrict: a rate in use by a variant cannot be deleted (part 2, point 4).
    componentRateId: integer('component_rate_id')
      .notNull()
      .references(() => componentRates.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 10, scale: 3 }).notNull().default('1'),
    ...timestamps,
  },
  (t) => [
    unique('variant_component_rates_variant_rate_unique').on(t.variantId, t.componentRateId),
    index('variant_component_rates_rate_idx').on(t.componentRateId),
  ],
);

export const productPartners = pgTable(
  'product_partners',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_partners_product_partner_unique').on(t.productId, t.partnerId),
    index('product_partners_partner_idx').on(t.partnerId),
  ],
);
