import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { pathWith, productRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import type { ProductsService } from './products.service';

/**
 * The demo products' pictures, as the seed drew and stored them (`product_pictures`): a name without one is
 * 404, and nothing is drawn on request (issue 19). The `.svg` addresses of earlier versions redirect to the
 * PNG when there is one, so a link kept from then still shows the picture. Not the API: left out of the
 * document (`hide`).
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.serveOwn(
    productRoutes.picture,
    { summary: 'A demo product’s picture', hide: true },
    async ({ params, reply }) => {
      const handle = params.file.replace(/\.(png|svg)$/, '');
      const picture = await products.picture(`${handle}.png`);
      if (params.file.endsWith('.svg'))
        return reply.redirect(pathWith(productRoutes.picture.path, { file: `${handle}.png` }), 301);
      return reply.type(picture.mime).header('cache-control', 'public, max-age=86400').send(picture.bytes);
    },
  );
};
