import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { savedViewRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireUser } from '../../plugins/session';
import type { ViewsService } from './views.service';

/**
 * Saved views of the order lists (issue 40): every signed-in user keeps their own; staff share theirs. Each
 * route is the contract's (`savedViewRoutes`).
 */
export const viewsRoutes: FastifyPluginAsyncZod<{ views: ViewsService }> = async (app, { views }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['views'] });
  routes.serve(
    savedViewRoutes.list,
    { summary: "The user's saved views of a list, then those other staff shared" },
    async ({ user, query }) => ({ data: await views.list(user, query.list) }),
  );
  routes.serve(
    savedViewRoutes.create,
    { summary: 'Saves the current filters of a list as a named view', created: true },
    async ({ user, body }) => ({ data: await views.create(user, body) }),
  );
  routes.serve(
    savedViewRoutes.update,
    { summary: "Renames, refilters, shares or moves one of the user's own views" },
    async ({ user, params, body }) => ({ data: await views.update(user, params.id, body) }),
  );
  routes.serve(
    savedViewRoutes.remove,
    { summary: "Deletes one of the user's own views" },
    async ({ user, params }) => {
      await views.remove(user, params.id);
    },
  );
};
