import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { COMPONENT_IMAGE_FIELD, componentRoutes, componentUnitRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ComponentsService } from './components.service';

/** A year: the picture's address changes with the picture, so what was fetched under it never goes stale. */
const CACHE_FOR_GOOD = 'private, max-age=31536000, immutable';
const CACHE_CHECK = 'private, no-cache';

/** Whether an If-None-Match header names `etag` (a list, weak tags and `*` included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * Components, their pictures and the component units: staff only, guarded once for the whole module. Each
 * route is the contract's declaration (`componentRoutes`, `componentUnitRoutes`).
 */
export const componentsRoutes: FastifyPluginAsyncZod<{ components: ComponentsService }> = async (
  app,
  { components },
) => {
  guardModule(app, requireStaff);
  // The picture comes as a multipart form; the other writes as JSON or forms alike.
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });

  routes.serve(
    componentRoutes.list,
    { summary: 'Components, searched by name, sorted by name or wholesale price, paged' },
    ({ query, path }) => components.list(query, path),
  );
  routes.serve(componentRoutes.get, { summary: 'One component' }, async ({ params }) => ({
    data: await components.get(params.id),
  }));
  routes.serve(
    componentRoutes.create,
    { summary: 'Create a component', created: true },
    async ({ user, body }) => ({ data: await components.create(user.id, body) }),
  );
  routes.serve(
    componentRoutes.update,
    { summary: 'Update a component (a new wholesale price reprices its rates and their variants)' },
    async ({ user, params, body }) => ({ data: await components.update(user.id, params.id, body) }),
  );

  routes.serveOwn(
    componentRoutes.image,
    {
      summary: "The component's picture (JPEG or PNG); 404 when it has none",
      produces: ['image/jpeg', 'image/png'],
    },
    async ({ params, query, request, reply }) => {
      const image = await components.image(params.id, query.v);
      void reply
        .header('etag', image.etag)
        .header('cache-control', image.immutable ? CACHE_FOR_GOOD : CACHE_CHECK);
      if (matches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
      return reply.type(image.mime).send(image.bytes);
    },
  );
  routes.serve(
    componentRoutes.uploadImage,
    {
      summary: 'Upload the component’s picture (multipart field image_file: JPEG or PNG, by content)',
      consumes: ['multipart/form-data'],
      errors: [413],
    },
    async ({ user, params, body }) => ({
      data: await components.uploadImage(user.id, params.id, body[COMPONENT_IMAGE_FIELD]),
    }),
  );
  routes.serve(
    componentRoutes.removeImage,
    { summary: 'Remove the component’s picture' },
    async ({ user, params }) => {
      await components.removeImage(user.id, params.id);
    },
  );

  routes.serve(
    componentUnitRoutes.list,
    { summary: 'Every component unit, by measure unit and quantity' },
    async () => ({ data: await components.units() }),
  );
  routes.serve(
    componentUnitRoutes.create,
    { summary: 'Create a component unit (a quantity of a measure unit)', created: true },
    async ({ user, body }) => ({ data: await components.createUnit(user.id, body) }),
  );
};
