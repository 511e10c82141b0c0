import { asc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { productImages, products, productVariants } from '../../db/schema';
import { variantComponentsJson } from '../../shared/variant-components';

/** A product variant with its product and its component rates (one statement). */
export async function variantById(db: DbOrTx, id: number) {
  const [variant] = await db
    .select({
      id: productVariants.id,
      title: productVariants.title,
      sku: productVariants.sku,
      product: { id: products.id, title: products.title, description: products.description },
      components: variantComponentsJson(sql.raw('product_variants.id')),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, id));
  return variant ?? null;
}

export const productImagesOf = (db: DbOrTx, productId: number) =>
  db
    .select({ url: productImages.url, altText: productImages.altText })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
