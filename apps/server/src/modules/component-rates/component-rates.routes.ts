import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { componentRate, componentRateBody, dataOf, idParams, rateParams } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ComponentRatesService } from './component-rates.service';

const tags = ['catalogue'];
const RATES = '/api/components/:id/rates';
const RATE = '/api/components/:id/rates/:rateId';

/** A component's rates per profit centre: staff only, guarded once for the whole module. */
export const componentRatesRoutes: FastifyPluginAsyncZod<{ componentRates: ComponentRatesService }> = async (
  app,
  { componentRates },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags });

  routes.read(
    RATES,
    {
      summary: "A component's rates, one per profit centre, by the centre's name",
      params: idParams,
      data: z.array(componentRate),
    },
    ({ params }) => componentRates.list(params.id),
  );
  routes.create(
    RATES,
    {
      summary: 'Add a rate in a profit centre (priced by the server; vat, price and rebate are ignored)',
      params: idParams,
      body: componentRateBody,
      data: componentRate,
    },
    ({ user, params, body }) => componentRates.create(user.id, params.id, body),
  );

  // Created or changed: the status is decided as it runs.
  app.put(
    RATES,
    {
      schema: {
        tags,
        summary:
          "Set the component's rate in the body's profit centre: changed (200) when it has one, else created (201)",
        params: idParams,
        body: componentRateBody,
        response: { 200: dataOf(componentRate), 201: dataOf(componentRate) },
      },
    },
    async (request, reply) => {
      const { rate, created } = await componentRates.put(
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ data: rate });
    },
  );

  routes.update(
    RATE,
    {
      summary: 'Change a rate (its profit centre stays); the variants that use it are repriced',
      params: rateParams,
      body: componentRateBody,
      data: componentRate,
    },
    ({ user, params, body }) => componentRates.update(user.id, params.id, params.rateId, body),
  );
  routes.remove(
    RATE,
    { summary: 'Delete a rate (409 while product variants use it)', params: rateParams, errors: [409] },
    ({ user, params }) => componentRates.remove(user.id, params.id, params.rateId),
  );
};
