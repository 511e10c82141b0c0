import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, errorBody, idParams, productVariantDetail, toRand } from '@bloomline/contract';

import type { Db } from '../../db/client';
import { absoluteUrl } from '../../lib/urls';
import { productImages, products, productVariants } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { variantComponentsJson } from './variant-components';

export const variantsRoutes: FastifyPluginAsyncZod<{ db: Db; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  app.get(
    '/api/product-variants/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['catalogue'],
        summary: 'A product variant with its component rates',
        params: idParams,
        response: { 200: dataOf(productVariantDetail), 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
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
        .where(eq(productVariants.id, request.params.id));
      if (!variant) throw notFound();
      const images = await db
        .select({ url: productImages.url, altText: productImages.altText })
        .from(productImages)
        .where(eq(productImages.productId, variant.product.id))
        .orderBy(asc(productImages.position));
      const { components: rates } = variant;
      return {
        data: {
          id: variant.id,
          title: variant.title,
          sku: variant.sku,
          product: {
            ...variant.product,
            images: images.map((i) => ({ ...i, url: absoluteUrl(appUrl, i.url) })),
          },
          component_rates: rates.map((r) => ({
            quantity: Number(r.quantity),
            component_rate: {
              id: r.rateId,
              price: toRand(r.priceCents),
              component: {
                id: r.componentId,
                name: r.name,
                unit: r.unit ? { name: r.unit } : null,
                colour: { name: r.colour },
              },
            },
          })),
        },
      };
    },
  );
};
