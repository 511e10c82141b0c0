import type { DbOrTx } from '../db/client';
import { productPictures } from '../db/schema';
import { bouquetPng } from './bouquet-png';
import { missingDemoPictures } from './seeded';

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
  const names = await missingDemoPictures(db);
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
