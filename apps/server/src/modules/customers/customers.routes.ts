import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { CustomersService } from './customers.service';

/** Customers: staff only, guarded once for the whole module. Each route is the contract's (`customerRoutes`). */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['customers'], forms: true });

  routes.serve(
    customerRoutes.list,
    { summary: 'Customers, searched by name, e-mail or phone, paged' },
    ({ query, path }) => customers.list(query, path),
  );
  routes.serve(
    customerRoutes.setPartner,
    { summary: "Set or clear a customer's partner (partnerId: an id, or null)", spoofable: true },
    async ({ user, params, body }) => ({
      data: await customers.setPartner(user.id, params.id, body.partnerId),
    }),
  );
  routes.serve(
    customerRoutes.remove,
    { summary: 'Delete a customer; their orders stay, with the buyer named on them' },
    async ({ user, params }) => {
      await customers.remove(user.id, params.id);
    },
  );
};
