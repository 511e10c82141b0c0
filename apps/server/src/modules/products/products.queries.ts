import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ProductListQuery } from '@bloomline/contract';

import { rowsOf } from '../../db/bulk';
import type { DbOrTx } from '../../db/client';
import {
  componentRates,
  components,
  locations,
  partners,
  productImages,
  productPartners,
  productPictures,
  products,
  productVariants,
  profitCentres,
  variantComponentRates,
} from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';
import { variantComponentsJson } from '../../shared/variant-components';
import { countRows } from '../../shared/rows';

/** A timestamp as the API writes it (ISO 8601 in UTC), for values read inside JSON aggregates. */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface ImageRow {
  url: string;
  altText: string | null;
}

export interface VariantSummaryRow {
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
}

/** One line of a variant's recipe with its rate, component and profit centre. */
export interface RecipeLineRow {
  id: number;
  variantId: number;
  quantity: number | string;
  rateId: number;
  componentId: number;
  componentName: string;
  profitCentreId: number;
  profitCentreName: string;
  priceCents: number;
  markup: number | string;
  autoUpdate: boolean;
}

export interface VariantRow extends VariantSummaryRow {
  wholesaleCents: number;
  createdAt: string;
  recipe: RecipeLineRow[];
}

const imagesJson = (productId: SQL) => sql<ImageRow[]>`coalesce((
  select json_agg(json_build_object('url', i.url, 'altText', i.alt_text) order by i.position, i.id)
  from ${productImages} i where i.product_id = ${productId}
), '[]'::json)`;

const variantSummariesJson = (productId: SQL) => sql<VariantSummaryRow[]>`coalesce((
  select json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku, 'priceCents', v.price_cents)
    order by v.position, v.id)
  from ${productVariants} v where v.product_id = ${productId}
), '[]'::json)`;

/** The recipe lines `where` selects (on `vcr`, the variant_component_rates row), in the order they were added. */
const recipeJson = (where: SQL) => sql<RecipeLineRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', vcr.id, 'variantId', vcr.variant_id, 'quantity', vcr.quantity, 'rateId', cr.id,
    'componentId', c.id, 'componentName', c.name, 'profitCentreId', pc.id, 'profitCentreName', pc.name,
    'priceCents', cr.price_cents, 'markup', cr.markup, 'autoUpdate', cr.auto_update
  ) order by vcr.id)
  from ${variantComponentRates} vcr
  join ${componentRates} cr on cr.id = vcr.component_rate_id
  join ${components} c on c.id = cr.component_id
  join ${profitCentres} pc on pc.id = cr.profit_centre_id
  where ${where}
), '[]'::json)`;

const variantsJson = (productId: SQL) => sql<VariantRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', v.id, 'title', v.title, 'sku', v.sku, 'priceCents', v.price_cents,
    'wholesaleCents', v.wholesale_excl_vat_cents, 'createdAt', ${isoTime('v.created_at')},
    'recipe', ${recipeJson(sql.raw('vcr.variant_id = v.id'))}
  ) order by v.position, v.id)
  from ${productVariants} v where v.product_id = ${productId}
), '[]'::json)`;

/**
 * The outer query's product id, for the subqueries: written out, because drizzle leaves a column of a
 * single-table select unqualified, and inside a subquery "id" would name the subquery's own table's.
 */
const PRODUCT_ID = sql.raw('products.id');

const listColumns = {
  id: products.id,
  title: products.title,
  status: products.status,
  productType: products.productType,
  createdAt: products.createdAt,
  images: imagesJson(PRODUCT_ID),
  variants: variantSummariesJson(PRODUCT_ID),
};
export interface ProductListRow {
  id: number;
  title: string;
  status: string;
  productType: string | null;
  createdAt: Date;
  images: ImageRow[];
  variants: VariantSummaryRow[];
}

const SORTS = { title: sql`lower(${products.title})`, created_at: products.createdAt };

const listWhere = (request: ProductListQuery) =>
  and(
    searchWhere(request.q, [products.title, products.productType]),
    request.status ? eq(products.status, request.status) : undefined,
  );

/** One page of products with their pictures and variants, and the list's size, in one statement. */
export function productPage(db: DbOrTx, request: ProductListQuery, page: { limit: number; offset: number }) {
  return db
    .select({ ...listColumns, total_rows: totalRows() })
    .from(products)
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, products.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function productCount(db: DbOrTx, request: ProductListQuery): Promise<number> {
  return countRows(db, products, listWhere(request));
}

/** A product with its pictures and its variants, each with its recipe (one statement). */
export async function productById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      description: products.description,
      handle: products.handle,
      variants: variantsJson(PRODUCT_ID),
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

const city = alias(locations, 'city');

/**
 * The partners linked to a product, by name; null when there is no such product. One statement: the
 * product is the outer row, so a product without partners still answers (with an empty list).
 */
export async function partnersOfProduct(db: DbOrTx, productId: number) {
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      partnerType: partners.partnerType,
      city: city.name,
      enabled: partners.enabled,
    })
    .from(products)
    .leftJoin(productPartners, eq(productPartners.productId, products.id))
    .leftJoin(partners, eq(partners.id, productPartners.partnerId))
    .leftJoin(city, eq(city.id, partners.cityId))
    .where(eq(products.id, productId))
    .orderBy(sql`lower(${partners.name})`, asc(partners.id));
  if (rows.length === 0) return null;
  return rows.flatMap(({ id, name, partnerType, city: cityName, enabled }) =>
    id === null || name === null || partnerType === null || enabled === null
      ? []
      : [{ id, name, partnerType, city: cityName, enabled }],
  );
}

/**
 * The products linked to a partner, by title; null when there is no such partner. One statement, the
 * partner the outer row as above.
 */
export async function productsOfPartner(db: DbOrTx, partnerId: number): Promise<ProductListRow[] | null> {
  const rows = await db
    .select({
      ...listColumns,
      partnerId: partners.id,
    })
    .from(partners)
    .leftJoin(productPartners, eq(productPartners.partnerId, partners.id))
    .leftJoin(products, eq(products.id, productPartners.productId))
    .where(eq(partners.id, partnerId))
    .orderBy(sql`lower(${products.title})`, asc(products.id));
  if (rows.length === 0) return null;
  return rows.flatMap(({ partnerId: _partner, id, title, status, createdAt, ...rest }) =>
    id === null || title === null || status === null || createdAt === null
      ? []
      : [{ id, title, status, createdAt, ...rest }],
  );
}

/** One line of one variant's recipe, with its rate, component and profit centre; null when there is none. */
export async function recipeLine(db: DbOrTx, variantId: number, lineId: number) {
  const [row] = await rowsOf<{ lines: RecipeLineRow[] }>(
    db,
    sql`select ${recipeJson(sql`vcr.variant_id = ${variantId} and vcr.id = ${lineId}`)} as lines`,
  );
  return row?.lines[0] ?? null;
}

/** A variant and its product's title, locked for a change of its recipe; null when there is none. */
export async function lockedVariant(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: productVariants.id, title: productVariants.title, productTitle: products.title })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, id))
    .for('update', { of: productVariants });
  return row ?? null;
}

export async function variantExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  return row !== undefined;
}

export async function componentName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ name: components.name }).from(components).where(eq(components.id, id));
  return row?.name ?? null;
}

export async function profitCentreName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: profitCentres.name })
    .from(profitCentres)
    .where(eq(profitCentres.id, id));
  return row?.name ?? null;
}

/**
 * The rate of a component in a profit centre, share-locked so it is not repriced under the change. Taken
 * before the variant's lock, in the order a price cascade (`shared/prices.ts`) takes them: rates, then
 * variants, so the two wait for each other instead of deadlocking.
 */
export async function lockedRate(db: DbOrTx, componentId: number, profitCentreId: number) {
  const [row] = await db
    .select({ id: componentRates.id })
    .from(componentRates)
    .where(
      and(eq(componentRates.componentId, componentId), eq(componentRates.profitCentreId, profitCentreId)),
    )
    .for('share');
  return row ?? null;
}

/** The recipe line of `variantId` that uses `rateId`, if any. */
export async function lineWithRate(db: DbOrTx, variantId: number, rateId: number) {
  const [row] = await db
    .select({ id: variantComponentRates.id })
    .from(variantComponentRates)
    .where(
      and(eq(variantComponentRates.variantId, variantId), eq(variantComponentRates.componentRateId, rateId)),
    );
  return row ?? null;
}

/** A variant with its product and its component rates (one statement): GET /api/product-variants/{id}. */
export async function variantById(db: DbOrTx, id: number) {
  const [variant] = await db
    .select({
      id: productVariants.id,
      title: productVariants.title,
      sku: productVariants.sku,
      product: { id: products.id, title: products.title, description: products.description },
      components: variantComponentsJson(sql.raw('product_variants.id')),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, id));
  return variant ?? null;
}

export const productImagesOf = (db: DbOrTx, productId: number) =>
  db
    .select({ url: productImages.url, altText: productImages.altText })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));

/** A stored demo picture's type and bytes (`product_pictures`), or null. */
export async function storedPicture(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ mime: productPictures.mime, bytes: productPictures.bytes })
    .from(productPictures)
    .where(eq(productPictures.name, name));
  return row ?? null;
}
