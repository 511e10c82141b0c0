import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { productRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireUser } from '../../plugins/session';
import type { ProductsService } from './products.service';

/**
 * What any signed-in user reads of the catalogue: a line's product variant (florists' apps read it too).
 * A plugin of its own, guarded for every user, beside the staff-only `productsRoutes`.
 */
export const variantsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.serve(
    productRoutes.variant,
    { summary: 'A product variant with its component rates' },
    async ({ params, request }) => ({ data: await products.variant(params.id, request) }),
  );
};
