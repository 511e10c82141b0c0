import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ReadCache } from '../../lib/read-cache';
import { bouquetPng } from './bouquet-png';

/** Where the demo catalogue's pictures are served; a product image URL stored as a path starts with it. */
export const DEMO_IMAGES_PATH = '/images/products/';

/**
 * The demo products' pictures: a bouquet drawn for each handle, as a PNG. Drawn on first request and kept in
 * memory (a few hundred kilobytes for the whole demo catalogue). The `.svg` addresses of earlier versions
 * redirect to the PNG, so a link kept from then still shows the picture.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const drawn = new ReadCache<Buffer>(24 * 60 * 60_000, 500);
  app.get(
    `${DEMO_IMAGES_PATH}:file`,
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.(png|svg)$/) }) } },
    async (request, reply) => {
      const handle = request.params.file.replace(/\.(png|svg)$/, '');
      if (request.params.file.endsWith('.svg'))
        return reply.redirect(`${DEMO_IMAGES_PATH}${handle}.png`, 301);
      const png = await drawn.getOrLoad(handle, () => Promise.resolve(bouquetPng(handle)));
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
};
