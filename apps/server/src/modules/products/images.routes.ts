import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { PRODUCT_PICTURES_PATH } from '../../lib/urls';
import type { ProductsService } from './products.service';

/**
 * The demo products' pictures, as the seed drew and stored them (`product_pictures`): a name without one is
 * 404, and nothing is drawn on request (issue 19). The `.svg` addresses of earlier versions redirect to the
 * PNG when there is one, so a link kept from then still shows the picture.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  app.get(
    `${PRODUCT_PICTURES_PATH}:file`,
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,200}\.(png|svg)$/) }) } },
    async (request, reply) => {
      const handle = request.params.file.replace(/\.(png|svg)$/, '');
      const picture = await products.picture(`${handle}.png`);
      if (request.params.file.endsWith('.svg'))
        return reply.redirect(`${PRODUCT_PICTURES_PATH}${handle}.png`, 301);
      return reply.type(picture.mime).header('cache-control', 'public, max-age=86400').send(picture.bytes);
    },
  );
};
