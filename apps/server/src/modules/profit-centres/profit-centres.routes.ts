import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { profitCentreRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ProfitCentresService } from './profit-centres.service';

/** Profit centres: staff only, guarded once for the whole module; each route the contract's declaration. */
export const profitCentresRoutes: FastifyPluginAsyncZod<{ profitCentres: ProfitCentresService }> = async (
  app,
  { profitCentres },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.serve(
    profitCentreRoutes.list,
    { summary: 'Every profit centre, by name, with how many component rates it prices' },
    async () => ({ data: await profitCentres.list() }),
  );
  routes.serve(profitCentreRoutes.get, { summary: 'One profit centre' }, async ({ params }) => ({
    data: await profitCentres.get(params.id),
  }));
  routes.serve(
    profitCentreRoutes.create,
    {
      summary: 'Create a profit centre (markup and rebate as fractions; a blank markup is no default)',
      created: true,
    },
    async ({ user, body }) => ({ data: await profitCentres.create(user.id, body) }),
  );
  routes.serve(
    profitCentreRoutes.update,
    {
      summary:
        'Update a profit centre; a new default markup or rebate reprices its rates and their variants ' +
        '(counted in `repriced`)',
    },
    ({ user, params, body }) => profitCentres.update(user.id, params.id, body),
  );
};
