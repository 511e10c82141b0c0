import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, idParams, profitCentre, profitCentreBody, profitCentreSaved } from '@bloomline/contract';

import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ProfitCentresService } from './profit-centres.service';

const tags = ['catalogue'];

/** Profit centres: staff only, guarded once for the whole module. */
export const profitCentresRoutes: FastifyPluginAsyncZod<{ profitCentres: ProfitCentresService }> = async (
  app,
  { profitCentres },
) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/profit-centres',
    {
      schema: {
        tags,
        summary: 'Every profit centre, by name, with how many component rates it prices',
        response: { 200: dataOf(z.array(profitCentre)) },
      },
    },
    async () => ({ data: await profitCentres.list() }),
  );

  app.get(
    '/api/profit-centres/:id',
    {
      schema: {
        tags,
        summary: 'One profit centre',
        params: idParams,
        response: { 200: dataOf(profitCentre) },
      },
    },
    async (request) => ({ data: await profitCentres.get(request.params.id) }),
  );

  app.post(
    '/api/profit-centres',
    {
      schema: {
        tags,
        summary: 'Create a profit centre (markup and rebate as fractions; a blank markup is no default)',
        body: profitCentreBody,
        response: { 201: dataOf(profitCentre) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await profitCentres.create(currentUser(request).id, request.body) }),
  );

  app.put(
    '/api/profit-centres/:id',
    {
      schema: {
        tags,
        summary:
          'Update a profit centre; a new default markup or rebate reprices its rates and their variants ' +
          '(counted in `repriced`)',
        params: idParams,
        body: profitCentreBody,
        response: { 200: profitCentreSaved },
      },
    },
    async (request) => profitCentres.update(currentUser(request).id, request.params.id, request.body),
  );
};
