import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, idParams, productVariantDetail } from '@bloomline/contract';

import { guardModule, requireUser } from '../../plugins/session';
import type { CatalogueService } from './catalogue.service';

/** What any signed-in user reads of the catalogue: a line's product variant (florists' apps read it too). */
export const variantsRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
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
    async (request) => ({ data: await catalogue.variant(request.params.id) }),
  );
};
