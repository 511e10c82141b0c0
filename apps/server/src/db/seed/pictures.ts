import { and, eq, like, notExists, sql } from 'drizzle-orm';

import type { DbOrTx } from '../client';
import { productImages, productPictures } from '../schema';
import { PRODUCT_PICTURES_PATH } from '../../lib/urls';
import { bouquetPng } from './bouquet-png';
/** A demo picture's file name: the product's handle and `.png`. */
export const DEMO_PICTURE_NAME = /^[a-z0-9-]{1,200}\.png$/;

/** Pictures drawn in this process, by handle: a second seed in one process (the tests) draws none again. */
const drawn = new Map<string, Buffer>();
const draw = (handle: string) => {
  let png = drawn.get(handle);
  if (!png) {
    png = bouquetPng(handle);
    drawn.set(handle, png);
  }
  return png;
};

/**
 * Draws the picture of every product image whose URL is a demo picture address without a stored picture, and
 * stores it in `product_pictures` (issue 19: drawing belongs to the seed, never to a request). The seed calls
 * it after the catalogue; the server at start-up, so a database seeded by an earlier version (whose pictures
 * were drawn on request) gets them once. Returns how many it drew.
 */
export async function drawDemoPictures(db: DbOrTx): Promise<number> {
  const name = sql<string>`substr(${productImages.url}, ${PRODUCT_PICTURES_PATH.length + 1})`;
  const missing = await db
    .select({ name })
    .from(productImages)
    .where(
      and(
        like(productImages.url, `${PRODUCT_PICTURES_PATH}%`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productPictures)
            .where(eq(productPictures.name, name)),
        ),
      ),
    );
  const names = [...new Set(missing.map((r) => r.name))].filter((n) => DEMO_PICTURE_NAME.test(n)).sort();
  // A few at a time: each is about 17 kB.
  for (let i = 0; i < names.length; i += 10) {
    const rows = names.slice(i, i + 10).map((name) => ({
      name,
      mime: 'image/png',
      bytes: draw(name.replace(/\.png$/, '')),
    }));
    await db.insert(productPictures).values(rows).onConflictDoNothing();
  }
  return names.length;
}
