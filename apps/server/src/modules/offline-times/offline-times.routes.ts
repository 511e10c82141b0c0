import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  dataOf,
  offlineTime,
  offlineTimeCreateBody,
  offlineTimeParams,
  offlineTimesParams,
  offlineTimeUpdateBody,
} from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { viewerOf } from '../../lib/viewer';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireUser } from '../../plugins/session';
import type { OfflineTimesService } from './offline-times.service';

const tags = ['partners'];
const FORMS = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const LIST = '/api/partners/:partnerId/offline-times';
const ONE = '/api/partners/:partnerId/offline-times/:id';

/**
 * Out-of-office periods: any signed-in user, scoped in the service (a partner user reaches only their own
 * partner's periods, staff every partner's).
 */
export const offlineTimesRoutes: FastifyPluginAsyncZod<{ offlineTimes: OfflineTimesService }> = async (
  app,
  { offlineTimes },
) => {
  guardModule(app, requireUser);
  // The original client sends these as forms.
  await app.register(formsPlugin);

  app.get(
    LIST,
    {
      schema: {
        tags,
        summary: "A partner's out-of-office periods, the latest start first",
        params: offlineTimesParams,
        response: { 200: dataOf(z.array(offlineTime)) },
      },
    },
    async (request) => ({
      data: await offlineTimes.list(viewerOf(currentUser(request)), request.params.partnerId),
    }),
  );

  app.post(
    LIST,
    {
      schema: {
        tags,
        summary: 'Add an out-of-office period (enabled)',
        consumes: FORMS,
        params: offlineTimesParams,
        body: offlineTimeCreateBody,
        response: { 201: dataOf(offlineTime) },
      },
    },
    async (request, reply) => {
      const { partnerId } = request.params;
      const created = await offlineTimes.create(viewerOf(currentUser(request)), partnerId, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    ONE,
    {
      schema: {
        tags,
        summary: 'One out-of-office period of a partner',
        params: offlineTimeParams,
        response: { 200: dataOf(offlineTime) },
      },
    },
    async (request) => {
      const { partnerId, id } = request.params;
      return { data: await offlineTimes.get(viewerOf(currentUser(request)), partnerId, id) };
    },
  );

  app.route({
    ...spoofable('PUT'),
    url: ONE,
    schema: {
      tags,
      summary: 'Change an out-of-office period (PUT, or POST with _method=PUT)',
      consumes: FORMS,
      params: offlineTimeParams,
      body: offlineTimeUpdateBody,
      response: { 200: dataOf(offlineTime), ...errorResponses(405) },
    },
    handler: async (request) => {
      const { partnerId, id } = request.params;
      const viewer = viewerOf(currentUser(request));
      return { data: await offlineTimes.update(viewer, partnerId, id, request.body) };
    },
  });

  app.delete(
    ONE,
    {
      schema: {
        tags,
        summary: 'Delete an out-of-office period',
        params: offlineTimeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { partnerId, id } = request.params;
      await offlineTimes.remove(viewerOf(currentUser(request)), partnerId, id);
      return reply.code(204).send(null);
    },
  );
};
