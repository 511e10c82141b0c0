import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParams, profitCentre, profitCentreBody, profitCentreSaved } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ProfitCentresService } from './profit-centres.service';

/** Profit centres: staff only, guarded once for the whole module. */
export const profitCentresRoutes: FastifyPluginAsyncZod<{ profitCentres: ProfitCentresService }> = async (
  app,
  { profitCentres },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'] });

  routes.read(
    '/api/profit-centres',
    {
      summary: 'Every profit centre, by name, with how many component rates it prices',
      data: z.array(profitCentre),
    },
    () => profitCentres.list(),
  );
  routes.read(
    '/api/profit-centres/:id',
    { summary: 'One profit centre', params: idParams, data: profitCentre },
    ({ params }) => profitCentres.get(params.id),
  );
  routes.create(
    '/api/profit-centres',
    {
      summary: 'Create a profit centre (markup and rebate as fractions; a blank markup is no default)',
      body: profitCentreBody,
      data: profitCentre,
    },
    ({ user, body }) => profitCentres.create(user.id, body),
  );
  routes.update(
    '/api/profit-centres/:id',
    {
      summary:
        'Update a profit centre; a new default markup or rebate reprices its rates and their variants ' +
        '(counted in `repriced`)',
      params: idParams,
      body: profitCentreBody,
      answer: profitCentreSaved,
    },
    ({ user, params, body }) => profitCentres.update(user.id, params.id, body),
  );
};
