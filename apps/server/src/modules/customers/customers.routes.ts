import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerListItem,
  customerListRequest,
  customerPartnerBody,
  idParams,
  paged,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { CustomersService } from './customers.service';

/** Customers: staff only, guarded once for the whole module. */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['customers'], forms: true });

  routes.read(
    '/api/customers',
    {
      summary: 'Customers, searched by name, e-mail or phone, paged',
      querystring: customerListRequest,
      answer: paged(customerListItem),
    },
    ({ query, path }) => customers.list(query, path),
  );
  routes.update(
    '/api/customers/:id',
    {
      summary: "Set or clear a customer's partner (partnerId: an id, or null)",
      spoofable: true,
      params: idParams,
      body: customerPartnerBody,
      data: customerListItem,
    },
    ({ user, params, body }) => customers.setPartner(user.id, params.id, body.partnerId),
  );
  routes.remove(
    '/api/customers/:id',
    { summary: 'Delete a customer; their orders stay, with the buyer named on them', params: idParams },
    ({ user, params }) => customers.remove(user.id, params.id),
  );
};
