import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  COMPONENT_IMAGE_FIELD,
  component,
  componentBody,
  componentListRequest,
  componentUnit,
  componentUnitBody,
  dataOf,
  idParams,
  paged,
} from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { formsPlugin } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ComponentsService } from './components.service';

const tags = ['catalogue'];
const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** A year: the picture's address changes with the picture, so what was fetched under it never goes stale. */
const CACHE_FOR_GOOD = 'private, max-age=31536000, immutable';
const CACHE_CHECK = 'private, no-cache';

const imageBody = z.object({
  [COMPONENT_IMAGE_FIELD]: z.unknown().describe('The picture: a JPEG or PNG file of at most 500,000 bytes'),
});
// A malformed `v` is only a different address: the picture is served, without the long cache.
const imageQuery = z.object({ v: z.string().max(100).optional().catch(undefined) });

/** Whether an If-None-Match header names `etag` (a list, weak tags and `*` included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/** Components, their pictures and the component units: staff only, guarded once for the whole module. */
export const componentsRoutes: FastifyPluginAsyncZod<{ components: ComponentsService }> = async (
  app,
  { components },
) => {
  guardModule(app, requireStaff);
  // The picture comes as a multipart form; the other writes as JSON or forms alike.
  await app.register(formsPlugin);

  app.get(
    '/api/components',
    {
      schema: {
        tags,
        summary: 'Components, searched by name, sorted by name or wholesale price, paged',
        querystring: componentListRequest,
        response: { 200: paged(component) },
      },
    },
    async (request) => components.list(request.query),
  );

  app.get(
    '/api/components/:id',
    {
      schema: { tags, summary: 'One component', params: idParams, response: { 200: dataOf(component) } },
    },
    async (request) => ({ data: await components.get(request.params.id) }),
  );

  app.post(
    '/api/components',
    {
      schema: {
        tags,
        summary: 'Create a component',
        consumes: FORMS,
        body: componentBody,
        response: { 201: dataOf(component) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await components.create(currentUser(request).id, request.body) }),
  );

  app.put(
    '/api/components/:id',
    {
      schema: {
        tags,
        summary: 'Update a component (a new wholesale price reprices its rates and their variants)',
        consumes: FORMS,
        params: idParams,
        body: componentBody,
        response: { 200: dataOf(component) },
      },
    },
    async (request) => ({
      data: await components.update(currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/components/:id/image',
    {
      schema: {
        tags,
        summary: "The component's picture (JPEG or PNG); 404 when it has none",
        params: idParams,
        querystring: imageQuery,
        produces: ['image/jpeg', 'image/png'],
      },
    },
    async (request, reply) => {
      const image = await components.image(request.params.id, request.query.v);
      void reply
        .header('etag', image.etag)
        .header('cache-control', image.immutable ? CACHE_FOR_GOOD : CACHE_CHECK);
      if (matches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      return reply.type(image.mime).send(image.bytes);
    },
  );

  app.post(
    '/api/components/:id/image',
    {
      schema: {
        tags,
        summary: 'Upload the component’s picture (multipart field image_file: JPEG or PNG, by content)',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: imageBody,
        response: { 200: dataOf(component), ...errorResponses(413) },
      },
    },
    async (request) => ({
      data: await components.uploadImage(
        currentUser(request).id,
        request.params.id,
        request.body[COMPONENT_IMAGE_FIELD],
      ),
    }),
  );

  app.delete(
    '/api/components/:id/image',
    {
      schema: {
        tags,
        summary: 'Remove the component’s picture',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await components.removeImage(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/component-units',
    {
      schema: {
        tags,
        summary: 'Every component unit, by measure unit and quantity',
        response: { 200: dataOf(z.array(componentUnit)) },
      },
    },
    async () => ({ data: await components.units() }),
  );

  app.post(
    '/api/component-units',
    {
      schema: {
        tags,
        summary: 'Create a component unit (a quantity of a measure unit)',
        consumes: FORMS,
        body: componentUnitBody,
        response: { 201: dataOf(componentUnit) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await components.createUnit(currentUser(request).id, request.body) }),
  );
};
