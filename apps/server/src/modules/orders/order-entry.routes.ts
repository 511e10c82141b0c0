import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { dataOf, intakeOrderBody, orderDetail, orderEntryBody } from '@bloomline/contract';

import { currentKey, requireApiKey } from '../../plugins/api-key-auth';
import { currentUser, requireStaff } from '../../plugins/session';
import type { OrdersService } from './orders.service';

const tags = ['orders'];

/**
 * How orders come in (DECISIONS.md "Orders come in"): the shop's door with an API key, and staff's phone. Both
 * make the order with the same code (shared/order-entry.ts) and answer it as `GET /api/orders/{id}` does.
 */
export const orderEntryRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/api/intake/orders',
    {
      preValidation: requireApiKey,
      schema: {
        tags,
        summary:
          'The shop sends an order (Authorization: Bearer <API key>; no session, no CSRF). The same externalId again answers 200 with the first order and changes nothing.',
        security: [{ apiKey: [] }],
        body: intakeOrderBody,
        response: { 200: dataOf(orderDetail), 201: dataOf(orderDetail) },
      },
    },
    async (request, reply) => {
      const key = currentKey(request);
      const { created, order } = await orders.enter(request.body, {
        kind: 'key',
        id: key.id,
        name: key.name,
      });
      return reply.code(created ? 201 : 200).send({ data: order });
    },
  );

  app.post(
    '/api/orders',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Staff enter an order taken by phone; its lines start open and unassigned',
        body: orderEntryBody,
        response: { 201: dataOf(orderDetail) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { order } = await orders.enter(request.body, { kind: 'staff', userId: user.id, name: user.name });
      return reply.code(201).send({ data: order });
    },
  );
};
