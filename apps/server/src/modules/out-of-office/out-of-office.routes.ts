import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { offlineTimeRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { viewerOf } from '../../lib/viewer';
import { guardModule, requireUser } from '../../plugins/session';
import type { OfflineTimesService } from './out-of-office.service';

/**
 * Out-of-office periods: any signed-in user, scoped in the service (a partner user reaches only their own
 * partner's periods, staff every partner's). The original client sends the writes as forms.
 */
export const offlineTimesRoutes: FastifyPluginAsyncZod<{ offlineTimes: OfflineTimesService }> = async (
  app,
  { offlineTimes },
) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['partners'], forms: true });

  routes.serve(
    offlineTimeRoutes.list,
    { summary: "A partner's out-of-office periods, the latest start first" },
    async ({ user, params }) => ({ data: await offlineTimes.list(viewerOf(user), params.partnerId) }),
  );
  routes.serve(
    offlineTimeRoutes.create,
    { summary: 'Add an out-of-office period (enabled)', created: true },
    async ({ user, params, body }) => ({
      data: await offlineTimes.create(viewerOf(user), params.partnerId, body),
    }),
  );
  routes.serve(
    offlineTimeRoutes.get,
    { summary: 'One out-of-office period of a partner' },
    async ({ user, params }) => ({
      data: await offlineTimes.get(viewerOf(user), params.partnerId, params.id),
    }),
  );
  routes.serve(
    offlineTimeRoutes.update,
    { summary: 'Change an out-of-office period (PUT, or POST with _method=PUT)', spoofable: true },
    async ({ user, params, body }) => ({
      data: await offlineTimes.update(viewerOf(user), params.partnerId, params.id, body),
    }),
  );
  routes.serve(
    offlineTimeRoutes.remove,
    { summary: 'Delete an out-of-office period' },
    async ({ user, params }) => {
      await offlineTimes.remove(viewerOf(user), params.partnerId, params.id);
    },
  );
};
