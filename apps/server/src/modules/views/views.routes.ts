import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParams, savedView, savedViewBody, savedViewsQuery, savedViewUpdate } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireUser } from '../../plugins/session';
import type { ViewsService } from './views.service';

/** Saved views of the order lists (issue 40): every signed-in user keeps their own; staff share theirs. */
export const viewsRoutes: FastifyPluginAsyncZod<{ views: ViewsService }> = async (app, { views }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['views'] });
  routes.read(
    '/api/views',
    {
      summary: "The user's saved views of a list, then those other staff shared",
      querystring: savedViewsQuery,
      data: z.array(savedView),
    },
    ({ user, query }) => views.list(user, query.list),
  );
  routes.create(
    '/api/views',
    { summary: 'Saves the current filters of a list as a named view', body: savedViewBody, data: savedView },
    ({ user, body }) => views.create(user, body),
  );
  routes.update(
    '/api/views/:id',
    {
      summary: "Renames, refilters, shares or moves one of the user's own views",
      params: idParams,
      body: savedViewUpdate,
      data: savedView,
    },
    ({ user, params, body }) => views.update(user, params.id, body),
  );
  routes.remove(
    '/api/views/:id',
    { summary: "Deletes one of the user's own views", params: idParams },
    ({ user, params }) => views.remove(user, params.id),
  );
};
