import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, idParams, productVariantDetail } from '@bloomline/contract';

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

  app.get(
    '/api/product-variants/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product variant with its component rates',
        params: idParams,
        response: { 200: dataOf(productVariantDetail) },
      },
    },
    async (request) => ({ data: await products.variant(request.params.id, request) }),
  );
};
