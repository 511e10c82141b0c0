import { z } from 'zod';

import { idField, idParams, pathId } from './fields';
import { formQuantity } from './forms';
import { productVariantDetail } from './orders';
import { dataOf, given, listRequest, paged } from './paging';
import { route } from './routes';

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export const productStatus = z.enum(PRODUCT_STATUSES);

export const productImage = z.object({ url: z.string(), altText: z.string().nullable() });

/** A variant as the product list shows it. Money in rand. */
export const variantSummary = z.object({
  id: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
});

/** A row of GET /api/products (and GET /api/partners/{id}/products). */
export const productListItem = z.object({
  id: z.number(),
  title: z.string(),
  status: productStatus,
  product_type: z.string().nullable(),
  /** Absolute addresses (phone apps load them too). */
  images: z.array(productImage),
  variants: z.array(variantSummary),
  created_at: z.string(),
});
export type ProductListItem = z.infer<typeof productListItem>;

/** One component of a variant's recipe: a quantity of a component rate (a component in a profit centre). */
export const variantComponentRate = z.object({
  id: z.number(),
  quantity: z.number(),
  component_rate: z.object({
    id: z.number(),
    component: z.object({ id: z.number(), name: z.string() }),
    profitCentre: z.object({ id: z.number(), name: z.string() }),
    price: z.number(),
    markup: z.number(),
    auto_update: z.boolean(),
  }),
});
export type VariantComponentRate = z.infer<typeof variantComponentRate>;

/**
 * A variant with its recipe. Its price is the sum of quantity × rate price over the recipe and its wholesale
 * the sum of quantity × component wholesale (`variantTotals`), kept so by every change that touches them.
 */
export const productVariant = variantSummary.extend({
  wholesale_excl_vat: z.number(),
  created_at: z.string(),
  component_rates: z.array(variantComponentRate),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** GET /api/products/{id}. */
export const product = productListItem.extend({
  description: z.string().nullable(),
  handle: z.string(),
  variants: z.array(productVariant),
});
export type Product = z.infer<typeof product>;

export const PRODUCT_SORTS = ['title', 'created_at'] as const;
const productList = listRequest({
  sorts: PRODUCT_SORTS,
  sort: 'created_at',
  direction: 'desc',
  // Only products of this status (the phone order's picker offers active ones).
  filters: { status: given(productStatus.optional()) },
});
/** GET /api/products?page&q&s&d&status (q: the title or product type contains). */
export const productListRequest = productList.strict;
export const productListQuery = productList.lenient;
export type ProductListQuery = z.infer<typeof productListRequest>;

/** A partner linked to a product (GET /api/products/{id}/partners). */
export const productPartner = z.object({
  id: z.number(),
  name: z.string(),
  partnerType: z.enum(['florist', 'courier']),
  city: z.string().nullable(),
  enabled: z.boolean(),
});
export type ProductPartner = z.infer<typeof productPartner>;

/**
 * POST /api/product-variants/{id}/component-rates: the component's rate in that profit centre joins the
 * recipe in that quantity (all three required).
 */
export const variantComponentRateBody = z.object({
  component_id: idField(),
  profit_centre_id: idField(),
  quantity: formQuantity(),
});
export type VariantComponentRateBody = z.input<typeof variantComponentRateBody>;

/**
 * Path of PUT and DELETE /api/product-variants/{id}/component-rates/{rateId}: the variant and one line of its
 * recipe (`rateId` is the line's id, as `VariantComponentRate.id`). Malformed ids read as -1: a 404.
 */
export const variantComponentRateParams = z.object({ id: pathId(), rateId: pathId() });

/** PUT /api/product-variants/{id}/component-rates/{rateId}. */
export const variantQuantityBody = z.object({ quantity: formQuantity() });
export type VariantQuantityBody = z.input<typeof variantQuantityBody>;

/** A demo product's picture as the seed stored it: `<handle>.png` (`.svg`, the address of before, redirects). */
export const productPictureParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,200}\.(png|svg)$/) });

/**
 * The products' routes (staff only, but the variant: every signed-in user reads it), their variants' recipes
 * (JSON bodies) and the demo products' pictures (outside the API: not in the document, a file or a redirect).
 */
export const productRoutes = {
  list: route({
    method: 'GET',
    path: '/api/products',
    query: productListRequest,
    answer: paged(productListItem),
  }),
  get: route({ method: 'GET', path: '/api/products/:id', params: idParams, answer: dataOf(product) }),
  partners: route({
    method: 'GET',
    path: '/api/products/:id/partners',
    params: idParams,
    answer: dataOf(z.array(productPartner)),
  }),
  ofPartner: route({
    method: 'GET',
    path: '/api/partners/:id/products',
    params: idParams,
    answer: dataOf(z.array(productListItem)),
  }),
  variant: route({
    method: 'GET',
    path: '/api/product-variants/:id',
    params: idParams,
    answer: dataOf(productVariantDetail),
  }),
  addRecipeLine: route({
    method: 'POST',
    path: '/api/product-variants/:id/component-rates',
    params: idParams,
    body: variantComponentRateBody,
    answer: dataOf(variantComponentRate),
  }),
  changeRecipeQuantity: route({
    method: 'PUT',
    path: '/api/product-variants/:id/component-rates/:rateId',
    params: variantComponentRateParams,
    body: variantQuantityBody,
    answer: dataOf(variantComponentRate),
  }),
  removeRecipeLine: route({
    method: 'DELETE',
    path: '/api/product-variants/:id/component-rates/:rateId',
    params: variantComponentRateParams,
  }),
  picture: route({ method: 'GET', path: '/images/products/:file', params: productPictureParams }),
};
