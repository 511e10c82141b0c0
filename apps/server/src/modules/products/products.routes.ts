import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  idParams,
  paged,
  product,
  productListItem,
  productListRequest,
  productPartner,
  variantComponentRate,
  variantComponentRateBody,
  variantComponentRateParams,
  variantQuantityBody,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ProductsService } from './products.service';
import type { RecipesService } from './recipes.service';

const RECIPE_LINE = '/api/product-variants/:id/component-rates/:rateId';

/**
 * Products, their partners and the variants' recipes: staff only, guarded once for the whole plugin. The
 * variant itself (GET /api/product-variants/{id}) is read by every signed-in user: `variantsRoutes`.
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  recipes: RecipesService;
}> = async (app, { products, recipes }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.read(
    '/api/products',
    {
      summary: 'Products, searched by title or product type, paged',
      querystring: productListRequest,
      answer: paged(productListItem),
    },
    ({ query, path, request }) => products.list(query, path, request),
  );
  routes.read(
    '/api/products/:id',
    { summary: 'A product with its variants and their component rates', params: idParams, data: product },
    ({ params, request }) => products.get(params.id, request),
  );
  routes.read(
    '/api/products/:id/partners',
    { summary: 'The partners linked to a product', params: idParams, data: z.array(productPartner) },
    ({ params }) => products.partners(params.id),
  );
  routes.read(
    '/api/partners/:id/products',
    { summary: 'The products linked to a partner', params: idParams, data: z.array(productListItem) },
    ({ params, request }) => products.productsOfPartner(params.id, request),
  );
  routes.create(
    '/api/product-variants/:id/component-rates',
    {
      summary: "Add a component (its rate in a profit centre) to a variant's recipe; the variant is repriced",
      params: idParams,
      body: variantComponentRateBody,
      data: variantComponentRate,
    },
    ({ user, params, body }) => recipes.add(user.id, params.id, body),
  );
  routes.update(
    RECIPE_LINE,
    {
      summary: "Change the quantity of a line of a variant's recipe; the variant is repriced",
      params: variantComponentRateParams,
      body: variantQuantityBody,
      data: variantComponentRate,
    },
    ({ user, params, body }) => recipes.changeQuantity(user.id, params.id, params.rateId, body.quantity),
  );
  routes.remove(
    RECIPE_LINE,
    {
      summary: "Remove a line from a variant's recipe; the variant is repriced",
      params: variantComponentRateParams,
    },
    ({ user, params }) => recipes.remove(user.id, params.id, params.rateId),
  );
};
