import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { componentRateRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ComponentRatesService } from './component-rates.service';

/**
 * A component's rates per profit centre: staff only, guarded once for the whole module; each route the
 * contract's declaration (`componentRateRoutes`).
 */
export const componentRatesRoutes: FastifyPluginAsyncZod<{ componentRates: ComponentRatesService }> = async (
  app,
  { componentRates },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.serve(
    componentRateRoutes.list,
    { summary: "A component's rates, one per profit centre, by the centre's name" },
    async ({ params }) => ({ data: await componentRates.list(params.id) }),
  );
  routes.serve(
    componentRateRoutes.create,
    {
      summary: 'Add a rate in a profit centre (priced by the server; vat, price and rebate are ignored)',
      created: true,
    },
    async ({ user, params, body }) => ({ data: await componentRates.create(user.id, params.id, body) }),
  );

  // Created or changed: the status is decided as it runs.
  routes.serveOwn(
    componentRateRoutes.put,
    {
      summary:
        "Set the component's rate in the body's profit centre: changed (200) when it has one, else created (201)",
      // A rate created answers as one changed, with a 201.
      responses: { 201: componentRateRoutes.put.answer },
    },
    async ({ user, params, body, reply }) => {
      const { rate, created } = await componentRates.put(user.id, params.id, body);
      return reply.code(created ? 201 : 200).send({ data: rate });
    },
  );

  routes.serve(
    componentRateRoutes.update,
    { summary: 'Change a rate (its profit centre stays); the variants that use it are repriced' },
    async ({ user, params, body }) => ({
      data: await componentRates.update(user.id, params.id, params.rateId, body),
    }),
  );
  routes.serve(
    componentRateRoutes.remove,
    { summary: 'Delete a rate (409 while product variants use it)', errors: [409] },
    async ({ user, params }) => {
      await componentRates.remove(user.id, params.id, params.rateId);
    },
  );
};
