import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, errorBody, productVariantDetail, toRand } from '@bloomline/contract';

import type { Db } from '../../db/client';
import {
  colours,
  componentRates,
  components,
  componentUnits,
  measureUnits,
  productImages,
  products,
  productVariants,
  variantComponentRates,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { idParams } from '../orders/orders.routes';

export const variantsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, request.params.id));
      if (!variant) throw notFound();
      const [images, rates] = await Promise.all([
        db
          .select({ url: productImages.url, altText: productImages.altText })
          .from(productImages)
          .where(eq(productImages.productId, variant.product.id))
          .orderBy(asc(productImages.position)),
        db
          .select({
            quantity: variantComponentRates.quantity,
            rateId: componentRates.id,
            priceCents: componentRates.priceCents,
            componentId: components.id,
            name: components.name,
            unit: measureUnits.name,
            colour: colours.name,
          })
          .from(variantComponentRates)
          .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId))
          .innerJoin(components, eq(components.id, componentRates.componentId))
          .leftJoin(componentUnits, eq(componentUnits.id, components.unitId))
          .leftJoin(measureUnits, eq(measureUnits.id, componentUnits.measureUnitId))
          .leftJoin(colours, eq(colours.id, components.colourId))
          .where(eq(variantComponentRates.variantId, variant.id))
          .orderBy(asc(variantComponentRates.id)),
      ]);
      return {
        data: {
          ...variant,
          product: { ...variant.product, images },
          component_rates: rates.map((r) => ({
            quantity: Number(r.quantity),
            component_rate: {
              id: r.rateId,
              price: toRand(r.priceCents),
              component: {
                id: r.componentId,
                name: r.name,
                unit: r.unit ? { name: r.unit } : null,
                colour: r.colour ? { name: r.colour } : null,
              },
            },
          })),
        },
      };
    },
  );
};
