import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { CurrentUser } from '@bloomline/contract';

import type { Db } from '../db/client';
import { forbidden, unauthenticated } from '../lib/errors';
import { permissionsOfUser } from '../shared/permissions';

export type Permission = keyof CurrentUser['permissions'];

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A user's permissions as stored now (shared/permissions.ts): what requirePermission asks. */
    permissionsOfUser: (userId: number) => Promise<CurrentUser['permissions'] | null>;
  }
}

/** Called once by the session plugin, which holds the database. */
export function readPermissionsFrom(app: FastifyInstance, db: Db): void {
  app.decorate('permissionsOfUser', (userId: number) => permissionsOfUser(db, userId));
}

const permissionGuards = new WeakSet<Guard>();

/**
 * A guard for one permission, beside requireUser and requireStaff: 401 without a signed-in user, 403 without
 * the permission. The rule is shared/permissions.ts's (the one GET /api/me shows), read from the user's row
 * on each request: the session carries no permissions, so a change counts at once. `when` limits the check
 * to the requests it concerns (a body that sends the field the permission guards); any other passes. A list
 * of permissions asks for any one of them.
 */
export function requirePermission(
  permission: Permission | readonly Permission[],
  { when }: { when?: (request: FastifyRequest) => boolean } = {},
): Guard {
  const guard: Guard = async (request) => {
    if (!request.user) throw unauthenticated();
    if (when && !when(request)) return;
    const permissions = await request.server.permissionsOfUser(request.user.id);
    const wanted: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
    if (!wanted.some((p) => permissions?.[p])) throw forbidden();
  };
  permissionGuards.add(guard);
  return guard;
}

/** A guard made by requirePermission (it answers 401 and 403, and needs a signed-in user). */
export const isPermissionGuard = (guard: unknown): boolean =>
  typeof guard === 'function' && permissionGuards.has(guard as Guard);
