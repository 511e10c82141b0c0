import { and, eq, like, notExists, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../db/client';
import { productImages, productPictures, users } from '../db/schema';
import { PRODUCT_PICTURES_PATH } from '../lib/urls';

/*
 * What the server asks at every start before it decides to load the seed: these queries are bundled into the
 * server, the seed itself (its data and its drawings) only when one of them says it is needed.
 */

/** A demo picture's file name: the product's handle and `.png`. */
export const DEMO_PICTURE_NAME = /^[a-z0-9-]{1,200}\.png$/;

/** True when the database holds at least one user (so it was seeded or is in use). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** The demo pictures (by file name) that product images point to and that are not stored yet. */
export async function missingDemoPictures(db: DbOrTx): Promise<string[]> {
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
  return [...new Set(missing.map((r) => r.name))].filter((n) => DEMO_PICTURE_NAME.test(n)).sort();
}
