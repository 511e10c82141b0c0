import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, partnerPickerItem, partnersQuery } from '@bloomline/contract';

import { guardModule, requireStaff } from '../../plugins/session';
import type { PartnersService } from './partners.service';

const tags = ['partners'];

/** Partners: staff only, guarded once for the whole module. */
export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/partners',
    {
      schema: {
        tags,
        summary: 'Partners for pickers, optionally searched by name',
        querystring: partnersQuery,
        response: { 200: dataOf(z.array(partnerPickerItem)) },
      },
    },
    async (request) => ({ data: await partners.picker(request.query.q) }),
  );
};
