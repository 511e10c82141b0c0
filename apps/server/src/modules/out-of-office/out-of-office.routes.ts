import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { offlineTimeRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
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
    async ({ viewer, params }) => ({ data: await offlineTimes.list(viewer, params.partnerId) }),
  );
  routes.serve(
    offlineTimeRoutes.create,
    { summary: 'Add an out-of-office period (enabled)', created: true },
    async ({ viewer, params, body }) => ({
      data: await offlineTimes.create(viewer, params.partnerId, body),
    }),
  );
  routes.serve(
    offlineTimeRoutes.get,
    { summary: 'One out-of-office period of a partner' },
    async ({ viewer, params }) => ({
      data: await offlineTimes.get(viewer, params.partnerId, params.id),
    }),
  );
  routes.serve(
    offlineTimeRoutes.update,
    { summary: 'Change an out-of-office period (PUT, or POST with _method=PUT)', spoofable: true },
    async ({ viewer, params, body }) => ({
      data: await offlineTimes.update(viewer, params.partnerId, params.id, body),
    }),
  );
  routes.serve(
    offlineTimeRoutes.remove,
    { summary: 'Delete an out-of-office period' },
    async ({ viewer, params }) => {
      await offlineTimes.remove(viewer, params.partnerId, params.id);
    },
  );
};
