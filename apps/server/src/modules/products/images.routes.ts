import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Db } from '../../db/client';
import { productPictures } from '../../db/schema';
import { DEMO_PICTURES_PATH } from '../../db/seed/pictures';
import { notFound } from '../../lib/errors';

/** A stored demo picture's type and bytes, or null. */
async function pictureOf(db: Db, name: string) {
  const [row] = await db
    .select({ mime: productPictures.mime, bytes: productPictures.bytes })
    .from(productPictures)
    .where(eq(productPictures.name, name));
  return row ?? null;
}

/**
 * The demo products' pictures, as the seed drew and stored them (`product_pictures`): a name without one is
 * 404, and nothing is drawn on request (issue 19). The `.svg` addresses of earlier versions redirect to the
 * PNG when there is one, so a link kept from then still shows the picture.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${DEMO_PICTURES_PATH}:file`,
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,200}\.(png|svg)$/) }) } },
    async (request, reply) => {
      const handle = request.params.file.replace(/\.(png|svg)$/, '');
      const picture = await pictureOf(db, `${handle}.png`);
      if (!picture) throw notFound();
      if (request.params.file.endsWith('.svg'))
        return reply.redirect(`${DEMO_PICTURES_PATH}${handle}.png`, 301);
      return reply.type(picture.mime).header('cache-control', 'public, max-age=86400').send(picture.bytes);
    },
  );
};
