import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  customerListItem,
  customerListRequest,
  customerPartnerBody,
  dataOf,
  idParams,
  paged,
} from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { CustomersService } from './customers.service';

const tags = ['customers'];
const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** Customers: staff only, guarded once for the whole module. */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  guardModule(app, requireStaff);
  await app.register(formsPlugin);

  app.get(
    '/api/customers',
    {
      schema: {
        tags,
        summary: 'Customers, searched by name, e-mail or phone, paged',
        querystring: customerListRequest,
        response: { 200: paged(customerListItem) },
      },
    },
    async (request) => customers.list(request.query),
  );

  app.route({
    ...spoofable('PUT'),
    url: '/api/customers/:id',
    schema: {
      tags,
      summary: "Set or clear a customer's partner (partnerId: an id, or null)",
      consumes: FORMS,
      params: idParams,
      body: customerPartnerBody,
      response: { 200: dataOf(customerListItem), ...errorResponses(405) },
    },
    handler: async (request) => ({
      data: await customers.setPartner(currentUser(request).id, request.params.id, request.body.partnerId),
    }),
  });

  app.delete(
    '/api/customers/:id',
    {
      schema: {
        tags,
        summary: 'Delete a customer; their orders stay, with the buyer named on them',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await customers.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
