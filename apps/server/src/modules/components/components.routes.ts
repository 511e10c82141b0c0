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

import { areaRoutes } from '../../lib/area-routes';
import { errorResponses } from '../../lib/responses';
import { currentUser, guardModule, requireStaff } from '../../plugins/session';
import type { ComponentsService } from './components.service';

const tags = ['catalogue'];

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
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.read(
    '/api/components',
    {
      summary: 'Components, searched by name, sorted by name or wholesale price, paged',
      querystring: componentListRequest,
      answer: paged(component),
    },
    ({ query, path }) => components.list(query, path),
  );
  routes.records('/api/components', components, {
    body: componentBody,
    record: component,
    summaries: {
      get: 'One component',
      create: 'Create a component',
      update: 'Update a component (a new wholesale price reprices its rates and their variants)',
    },
  });

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

  routes.remove(
    '/api/components/:id/image',
    { summary: 'Remove the component’s picture', params: idParams },
    ({ user, params }) => components.removeImage(user.id, params.id),
  );

  routes.read(
    '/api/component-units',
    { summary: 'Every component unit, by measure unit and quantity', data: z.array(componentUnit) },
    () => components.units(),
  );
  routes.create(
    '/api/component-units',
    {
      summary: 'Create a component unit (a quantity of a measure unit)',
      body: componentUnitBody,
      data: componentUnit,
    },
    ({ user, body }) => components.createUnit(user.id, body),
  );
};
