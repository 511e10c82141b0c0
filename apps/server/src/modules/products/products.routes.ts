import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { productRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ProductsService } from './products.service';
import type { RecipesService } from './recipes.service';

/**
 * Products, their partners and the variants' recipes: staff only, guarded once for the whole plugin. The
 * variant itself (GET /api/product-variants/{id}) is read by every signed-in user: `variantsRoutes`. Each
 * route is the contract's declaration (`productRoutes`).
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  recipes: RecipesService;
}> = async (app, { products, recipes }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.serve(
    productRoutes.list,
    { summary: 'Products, searched by title or product type, paged' },
    ({ query, path, request }) => products.list(query, path, request),
  );
  routes.serve(
    productRoutes.get,
    { summary: 'A product with its variants and their component rates' },
    async ({ params, request }) => ({ data: await products.get(params.id, request) }),
  );
  routes.serve(
    productRoutes.partners,
    { summary: 'The partners linked to a product' },
    async ({ params }) => ({ data: await products.partners(params.id) }),
  );
  routes.serve(
    productRoutes.ofPartner,
    { summary: 'The products linked to a partner' },
    async ({ params, request }) => ({ data: await products.productsOfPartner(params.id, request) }),
  );
  routes.serve(
    productRoutes.addRecipeLine,
    {
      summary: "Add a component (its rate in a profit centre) to a variant's recipe; the variant is repriced",
      created: true,
    },
    async ({ user, params, body }) => ({ data: await recipes.add(user.id, params.id, body) }),
  );
  routes.serve(
    productRoutes.changeRecipeQuantity,
    { summary: "Change the quantity of a line of a variant's recipe; the variant is repriced" },
    async ({ user, params, body }) => ({
      data: await recipes.changeQuantity(user.id, params.id, params.rateId, body.quantity),
    }),
  );
  routes.serve(
    productRoutes.removeRecipeLine,
    { summary: "Remove a line from a variant's recipe; the variant is repriced" },
    async ({ user, params }) => {
      await recipes.remove(user.id, params.id, params.rateId);
    },
  );
};
