import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

import { errorBody } from '@bloomline/contract';

import {
  guestOnly,
  isSessionPath,
  isStateChanging,
  moduleGuardOf,
  requireStaff,
  requireUser,
} from './session';

type Hook = RouteOptions['preValidation'];

const hooksOf = (...hooks: Hook[]): unknown[] => hooks.flatMap((h) => (h === undefined ? [] : [h].flat()));

/**
 * The error statuses a route answers, from what the route is: 422 when it validates a body, query or path,
 * 404 when its path names a record, 419 when it changes state on a session route, 401/403/406 from its
 * guards. Derived once here for every route, so the OpenAPI document lists them without each route
 * repeating them (a status a route declares itself is kept as it is).
 */
export function errorStatusesOf(route: RouteOptions, moduleGuard?: unknown): number[] {
  const schema = route.schema ?? {};
  const methods = [route.method].flat().map(String);
  const guards = [moduleGuard, ...hooksOf(route.onRequest, route.preValidation, route.preHandler)];
  const statuses = new Set<number>();
  if (guards.includes(requireUser)) statuses.add(401);
  if (guards.includes(requireStaff)) statuses.add(401).add(403);
  if (guards.includes(guestOnly)) statuses.add(406);
  if (route.url.includes(':')) statuses.add(404);
  if (isSessionPath(route.url) && methods.some(isStateChanging)) statuses.add(419);
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/** Completes every documented route's response map with the error statuses it answers (`{message}`). */
export const routeStatusesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', function (route) {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    for (const status of errorStatusesOf(route, moduleGuardOf(this))) {
      if (!(String(status) in response)) response[String(status)] = errorBody;
    }
    schema.response = response;
  });
});
