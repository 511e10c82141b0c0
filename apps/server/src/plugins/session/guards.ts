import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

import { forbidden, HttpError, unauthenticated } from '../../lib/errors';
import { isPermissionGuard } from '../permission-guard';

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.isStaff) throw forbidden();
}

type Guard = typeof requireUser;

/** The guards a route runs (its own hooks and its module's), flattened. */
export function guardsOf(route: RouteOptions, moduleGuard?: unknown): unknown[] {
  const hooks = [route.onRequest, route.preValidation, route.preHandler];
  return [moduleGuard, ...hooks.flatMap((h) => (h === undefined ? [] : [h].flat()))];
}

/** The route needs a signed-in user (guarded by requireUser, requireStaff or requirePermission). */
export function routeNeedsUser(route: RouteOptions, moduleGuard?: unknown): boolean {
  const guards = guardsOf(route, moduleGuard);
  return guards.includes(requireUser) || guards.includes(requireStaff) || guards.some(isPermissionGuard);
}
const moduleGuards = new WeakMap<object, Guard>();

/**
 * Guards every route of a module once: call it first in the module's (encapsulated) plugin. The guard
 * runs before validation like a route's own, and the OpenAPI statuses know it (`moduleGuardOf`).
 */
export function guardModule(app: FastifyInstance, guard: Guard): void {
  moduleGuards.set(app, guard);
  app.addHook('preValidation', guard);
}

/** The guard a module put on all its routes, for the instance a route is registered on. */
export const moduleGuardOf = (instance: object): Guard | undefined => moduleGuards.get(instance);

export async function guestOnly(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) throw new HttpError(406, 'Already authenticated.');
}
