import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  offlineTime,
  offlineTimeCreateBody,
  offlineTimeParams,
  offlineTimesParams,
  offlineTimeUpdateBody,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { viewerOf } from '../../lib/viewer';
import { guardModule, requireUser } from '../../plugins/session';
import type { OfflineTimesService } from './out-of-office.service';

const LIST = '/api/partners/:partnerId/offline-times';
const ONE = '/api/partners/:partnerId/offline-times/:id';

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

  routes.read(
    LIST,
    {
      summary: "A partner's out-of-office periods, the latest start first",
      params: offlineTimesParams,
      data: z.array(offlineTime),
    },
    ({ user, params }) => offlineTimes.list(viewerOf(user), params.partnerId),
  );
  routes.create(
    LIST,
    {
      summary: 'Add an out-of-office period (enabled)',
      params: offlineTimesParams,
      body: offlineTimeCreateBody,
      data: offlineTime,
    },
    ({ user, params, body }) => offlineTimes.create(viewerOf(user), params.partnerId, body),
  );
  routes.read(
    ONE,
    { summary: 'One out-of-office period of a partner', params: offlineTimeParams, data: offlineTime },
    ({ user, params }) => offlineTimes.get(viewerOf(user), params.partnerId, params.id),
  );
  routes.update(
    ONE,
    {
      summary: 'Change an out-of-office period (PUT, or POST with _method=PUT)',
      spoofable: true,
      params: offlineTimeParams,
      body: offlineTimeUpdateBody,
      data: offlineTime,
    },
    ({ user, params, body }) => offlineTimes.update(viewerOf(user), params.partnerId, params.id, body),
  );
  routes.remove(
    ONE,
    { summary: 'Delete an out-of-office period', params: offlineTimeParams },
    ({ user, params }) => offlineTimes.remove(viewerOf(user), params.partnerId, params.id),
  );
};
