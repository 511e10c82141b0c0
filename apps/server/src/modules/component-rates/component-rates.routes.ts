import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { componentRate, componentRateBody, dataOf, idParams, rateParams } from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ComponentRatesService } from './component-rates.service';

const tags = ['catalogue'];

/** A component's rates per profit centre: staff only, guarded once for the whole module. */
export const componentRatesRoutes: FastifyPluginAsyncZod<{ componentRates: ComponentRatesService }> = async (
  app,
  { componentRates },
) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/components/:id/rates',
    {
      schema: {
        tags,
        summary: "A component's rates, one per profit centre, by the centre's name",
        params: idParams,
        response: { 200: dataOf(z.array(componentRate)) },
      },
    },
    async (request) => ({ data: await componentRates.list(request.params.id) }),
  );

  app.post(
    '/api/components/:id/rates',
    {
      schema: {
        tags,
        summary: 'Add a rate in a profit centre (priced by the server; vat, price and rebate are ignored)',
        params: idParams,
        body: componentRateBody,
        response: { 201: dataOf(componentRate) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await componentRates.create(currentUser(request).id, request.params.id, request.body),
      }),
  );

  app.put(
    '/api/components/:id/rates',
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

  app.put(
    '/api/components/:id/rates/:rateId',
    {
      schema: {
        tags,
        summary: 'Change a rate (its profit centre stays); the variants that use it are repriced',
        params: rateParams,
        body: componentRateBody,
        response: { 200: dataOf(componentRate) },
      },
    },
    async (request) => ({
      data: await componentRates.update(
        currentUser(request).id,
        request.params.id,
        request.params.rateId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/components/:id/rates/:rateId',
    {
      schema: {
        tags,
        summary: 'Delete a rate (409 while product variants use it)',
        params: rateParams,
        response: { 204: z.null(), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await componentRates.remove(currentUser(request).id, request.params.id, request.params.rateId);
      return reply.code(204).send(null);
    },
  );
};
