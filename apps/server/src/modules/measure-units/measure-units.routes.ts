import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, measureUnit, measureUnitBody } from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import { idParams } from '@bloomline/contract';
import type { MeasureUnitsService } from './measure-units.service';

const tags = ['catalogue'];
const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** Units of measure: staff only, guarded once for the whole module. */
export const measureUnitsRoutes: FastifyPluginAsyncZod<{ measureUnits: MeasureUnitsService }> = async (
  app,
  { measureUnits },
) => {
  guardModule(app, requireStaff);
  // This module's writes come as forms too (multipart, as the original client sends them).
  await app.register(formsPlugin);

  app.get(
    '/api/measure-units',
    {
      schema: {
        tags,
        summary: 'Every unit of measure, by name',
        response: { 200: dataOf(z.array(measureUnit)) },
      },
    },
    async () => ({ data: await measureUnits.list() }),
  );

  app.post(
    '/api/measure-units',
    {
      schema: {
        tags,
        summary: 'Create a unit of measure',
        consumes: FORMS,
        body: measureUnitBody,
        response: { 201: dataOf(measureUnit) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await measureUnits.create(currentUser(request).id, request.body) }),
  );

  app.route({
    ...spoofable('PUT'),
    url: '/api/measure-units/:id',
    schema: {
      tags,
      summary: 'Update a unit of measure (PUT, or POST with _method=PUT)',
      consumes: FORMS,
      params: idParams,
      body: measureUnitBody,
      response: { 200: dataOf(measureUnit), ...errorResponses(405) },
    },
    handler: async (request) => ({
      data: await measureUnits.update(currentUser(request).id, request.params.id, request.body),
    }),
  });

  app.delete(
    '/api/measure-units/:id',
    {
      schema: {
        tags,
        summary: 'Delete a unit of measure (409 while component units use it)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await measureUnits.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
