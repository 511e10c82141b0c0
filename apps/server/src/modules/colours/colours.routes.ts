import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { colour, colourBody, dataOf, idParams } from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ColoursService } from './colours.service';

const tags = ['catalogue'];
const FORMS = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

/** Colours: staff only, guarded once for the whole module. */
export const coloursRoutes: FastifyPluginAsyncZod<{ colours: ColoursService }> = async (app, { colours }) => {
  guardModule(app, requireStaff);
  // The original client sends this module's writes as multipart forms.
  await app.register(formsPlugin);

  app.get(
    '/api/colours',
    {
      schema: {
        tags,
        summary: 'Every colour, by name (the screen searches it in the browser)',
        response: { 200: dataOf(z.array(colour)) },
      },
    },
    async () => ({ data: await colours.list() }),
  );

  app.get(
    '/api/colours/:id',
    {
      schema: { tags, summary: 'One colour', params: idParams, response: { 200: dataOf(colour) } },
    },
    async (request) => ({ data: await colours.get(request.params.id) }),
  );

  app.post(
    '/api/colours',
    {
      schema: {
        tags,
        summary: 'Create a colour (multipart, urlencoded or JSON)',
        consumes: FORMS,
        body: colourBody,
        response: { 201: dataOf(colour) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await colours.create(currentUser(request).id, request.body) }),
  );

  app.route({
    ...spoofable('PUT'),
    url: '/api/colours/:id',
    schema: {
      tags,
      summary: 'Update a colour (PUT, or POST with _method=PUT)',
      consumes: FORMS,
      params: idParams,
      body: colourBody,
      response: { 200: dataOf(colour), ...errorResponses(405) },
    },
    handler: async (request) => ({
      data: await colours.update(currentUser(request).id, request.params.id, request.body),
    }),
  });

  app.delete(
    '/api/colours/:id',
    {
      schema: {
        tags,
        summary: 'Delete a colour (409 while components are in it)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await colours.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
