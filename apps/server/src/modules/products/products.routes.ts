import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  dataOf,
  idParams,
  paged,
  product,
  productListItem,
  productListRequest,
  productPartner,
  variantComponentRate,
  variantComponentRateBody,
  variantComponentRateParams,
  variantQuantityBody,
} from '@bloomline/contract';

import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ProductsService } from './products.service';
import type { RecipesService } from './recipes.service';

const tags = ['catalogue'];
const RECIPE_LINE = '/api/product-variants/:id/component-rates/:rateId';

/**
 * Products, their partners and the variants' recipes: staff only, guarded once for the whole plugin. The
 * variant itself (GET /api/product-variants/{id}) is read by every signed-in user: `variantsRoutes`.
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  recipes: RecipesService;
}> = async (app, { products, recipes }) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/products',
    {
      schema: {
        tags,
        summary: 'Products, searched by title or product type, paged',
        querystring: productListRequest,
        response: { 200: paged(productListItem) },
      },
    },
    async (request) => products.list(request.query, request),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags,
        summary: 'A product with its variants and their component rates',
        params: idParams,
        response: { 200: dataOf(product) },
      },
    },
    async (request) => ({ data: await products.get(request.params.id, request) }),
  );

  app.get(
    '/api/products/:id/partners',
    {
      schema: {
        tags,
        summary: 'The partners linked to a product',
        params: idParams,
        response: { 200: dataOf(z.array(productPartner)) },
      },
    },
    async (request) => ({ data: await products.partners(request.params.id) }),
  );

  app.get(
    '/api/partners/:id/products',
    {
      schema: {
        tags,
        summary: 'The products linked to a partner',
        params: idParams,
        response: { 200: dataOf(z.array(productListItem)) },
      },
    },
    async (request) => ({ data: await products.productsOfPartner(request.params.id, request) }),
  );

  app.post(
    '/api/product-variants/:id/component-rates',
    {
      schema: {
        tags,
        summary:
          "Add a component (its rate in a profit centre) to a variant's recipe; the variant is repriced",
        params: idParams,
        body: variantComponentRateBody,
        response: { 201: dataOf(variantComponentRate) },
      },
    },
    async (request, reply) => {
      const line = await recipes.add(currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ data: line });
    },
  );

  app.put(
    RECIPE_LINE,
    {
      schema: {
        tags,
        summary: "Change the quantity of a line of a variant's recipe; the variant is repriced",
        params: variantComponentRateParams,
        body: variantQuantityBody,
        response: { 200: dataOf(variantComponentRate) },
      },
    },
    async (request) => ({
      data: await recipes.changeQuantity(
        currentUser(request).id,
        request.params.id,
        request.params.rateId,
        request.body.quantity,
      ),
    }),
  );

  app.delete(
    RECIPE_LINE,
    {
      schema: {
        tags,
        summary: "Remove a line from a variant's recipe; the variant is repriced",
        params: variantComponentRateParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recipes.remove(currentUser(request).id, request.params.id, request.params.rateId);
      return reply.code(204).send(null);
    },
  );
};
