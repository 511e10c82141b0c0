import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, orderDetail, orderRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { currentKey, requireApiKey } from '../../plugins/api-key-auth';
import { requireStaff } from '../../plugins/session';
import type { OrdersService } from './orders.service';

/**
 * How orders come in (DECISIONS.md "Orders come in"): the shop's door with an API key, and staff's phone. Both
 * make the order with the same code (shared/order-entry.ts) and answer it as `GET /api/orders/{id}` does.
 */
export const orderEntryRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const routes = await areaRoutes(app, { tags: ['orders'] });

  routes.serveOwn(
    orderRoutes.intake,
    {
      summary:
        "The shop sends an order (Authorization: Bearer <API key>; no session, no CSRF). The same externalId again from the same shop answers 200 with the first order and changes nothing; another shop's same number is its own order. placedByPartnerId only with source in-store and a key made for that partner.",
      preValidation: requireApiKey,
      security: [{ apiKey: [] }],
      responses: { 201: dataOf(orderDetail) },
    },
    async ({ body, request, reply }) => {
      const { created, order } = await orders.enter(body, { kind: 'key', ...currentKey(request) });
      return reply.code(created ? 201 : 200).send({ data: order });
    },
  );

  routes.serve(
    orderRoutes.intakeOrder,
    {
      summary:
        "The shop reads back an order it sent, by its own externalId, as the intake answered it (Authorization: Bearer <API key>). Another shop's number is a 404.",
      preValidation: requireApiKey,
      security: [{ apiKey: [] }],
    },
    async ({ params, request }) => ({
      data: await orders.shopOrder(currentKey(request).shop, params.externalId),
    }),
  );

  routes.serve(
    orderRoutes.create,
    {
      summary: 'Staff enter an order taken by phone; its lines start open and unassigned',
      preValidation: requireStaff,
      created: true,
    },
    async ({ user, body }) => {
      const { order } = await orders.enter(body, { kind: 'staff', userId: user.id, name: user.name });
      return { data: order };
    },
  );
};
