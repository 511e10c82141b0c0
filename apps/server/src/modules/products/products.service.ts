import { PRODUCT_STATUSES, toRand } from '@bloomline/contract';
import type {
  Paged,
  Product,
  ProductListItem,
  ProductListQuery,
  ProductPartner,
  ProductVariantDetail,
  VariantComponentRate,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import { absoluteUrl } from '../../lib/urls';
import type { RequestAddress } from '../../lib/urls';
import {
  partnersOfProduct,
  productById,
  productCount,
  productImagesOf,
  productPage,
  productsOfPartner,
  storedPicture,
  variantById,
} from './products.queries';
import type { ImageRow, ProductListRow, RecipeLineRow } from './products.queries';

type ProductStatus = (typeof PRODUCT_STATUSES)[number];
// The column's check constraint holds it to these; anything else would be a bug, shown as a draft.
const statusOf = (value: string): ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value) ? (value as ProductStatus) : 'draft';

/** One recipe line as the API answers it: the quantity of a component rate. Money in rand. */
export function toRecipeLine(row: RecipeLineRow): VariantComponentRate {
  return {
    id: row.id,
    quantity: Number(row.quantity),
    component_rate: {
      id: row.rateId,
      component: { id: row.componentId, name: row.componentName },
      profitCentre: { id: row.profitCentreId, name: row.profitCentreName },
      price: toRand(row.priceCents),
      markup: Number(row.markup),
      auto_update: row.autoUpdate,
    },
  };
}

/** The catalogue's products and variants as staff and clients read them. */
export function createProductsService({
  db,
  baseUrl,
}: {
  db: Db;
  /** Where the request's absolute URLs start (lib/urls.ts `baseUrlOf`: APP_URL, or the request's address). */
  baseUrl: (request: RequestAddress) => string;
}) {
  // Image addresses are absolute: phone apps load them from elsewhere.
  const images = (rows: readonly ImageRow[], from: RequestAddress) =>
    rows.map((i) => ({ ...i, url: absoluteUrl(baseUrl(from), i.url) }));

  const toListItem = (
    row: Omit<ProductListRow, 'variants'>,
    from: RequestAddress,
  ): Omit<ProductListItem, 'variants'> => ({
    id: row.id,
    title: row.title,
    status: statusOf(row.status),
    product_type: row.productType,
    images: images(row.images, from),
    created_at: row.createdAt.toISOString(),
  });

  const withSummaries = (row: ProductListRow, from: RequestAddress): ProductListItem => ({
    ...toListItem(row, from),
    variants: row.variants.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku,
      price: toRand(v.priceCents),
    })),
  });

  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: ProductListQuery, path: string, from: RequestAddress): Promise<Paged<ProductListItem>> =>
      pageOf(request, path, {
        rows: (page) => productPage(db, request, page),
        count: () => productCount(db, request),
      }).then((paged) => ({ ...paged, data: paged.data.map((row) => withSummaries(row, from)) })),

    async get(id: number, from: RequestAddress): Promise<Product> {
      const row = await productById(db, id);
      if (!row) throw notFound();
      return {
        ...toListItem(row, from),
        description: row.description,
        handle: row.handle,
        variants: row.variants.map((v) => ({
          id: v.id,
          title: v.title,
          sku: v.sku,
          price: toRand(v.priceCents),
          wholesale_excl_vat: toRand(v.wholesaleCents),
          created_at: v.createdAt,
          component_rates: v.recipe.map(toRecipeLine),
        })),
      };
    },

    async partners(productId: number): Promise<ProductPartner[]> {
      const rows = await partnersOfProduct(db, productId);
      if (!rows) throw notFound();
      return rows;
    },

    async productsOfPartner(partnerId: number, from: RequestAddress): Promise<ProductListItem[]> {
      const rows = await productsOfPartner(db, partnerId);
      if (!rows) throw notFound();
      return rows.map((row) => withSummaries(row, from));
    },

    /** A demo product's picture as the seed stored it; nothing is drawn on request (issue 19). */
    async picture(name: string): Promise<{ mime: string; bytes: Buffer }> {
      const picture = await storedPicture(db, name);
      if (!picture) throw notFound();
      return picture;
    },

    /** GET /api/product-variants/{id}, as florists' apps read it: unchanged since the original API. */
    async variant(id: number, from: RequestAddress): Promise<ProductVariantDetail> {
      const variant = await variantById(db, id);
      if (!variant) throw notFound();
      const pictures = await productImagesOf(db, variant.product.id);
      return {
        id: variant.id,
        title: variant.title,
        sku: variant.sku,
        product: { ...variant.product, images: images(pictures, from) },
        component_rates: variant.components.map((r) => ({
          id: r.id,
          quantity: Number(r.quantity),
          component_rate: {
            id: r.rateId,
            price: toRand(r.priceCents),
            component: {
              id: r.componentId,
              name: r.name,
              unit: r.unit ? { name: r.unit } : null,
              colour: { name: r.colour },
            },
          },
        })),
      };
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
