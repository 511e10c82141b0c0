import type { FastifyRequest, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { HttpError } from '../lib/errors';
import { isPermissionGuard, requirePermission } from './permission-guard';
import { errorStatusesOf } from './route-statuses';
import { routeNeedsUser } from './session';

type Permissions = { authenticateXero: boolean; manageXero: boolean; partnerStatements: boolean };
const NONE: Permissions = { authenticateXero: false, manageXero: false, partnerStatements: false };

/** A request as the guard reads it: the session's user and the instance's permission reader. */
function requestOf(user: { id: number } | null, permissions: Permissions | null = NONE, body?: unknown) {
  return {
    user,
    body,
    server: { permissionsOfUser: async () => permissions },
  } as unknown as FastifyRequest;
}

async function statusOf(promise: Promise<void>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    return err instanceof HttpError ? err.statusCode : 500;
  }
}

describe('requirePermission', () => {
  const guard = requirePermission('manageXero');

  it('answers 401 without a signed-in user and 403 without the permission, as requireStaff does', async () => {
    expect(await statusOf(guard(requestOf(null)))).toBe(401);
    expect(await statusOf(guard(requestOf({ id: 1 }, NONE)))).toBe(403);
    // A user that is gone has no permissions.
    expect(await statusOf(guard(requestOf({ id: 1 }, null)))).toBe(403);
    expect(await statusOf(guard(requestOf({ id: 1 }, { ...NONE, partnerStatements: true })))).toBe(403);
    expect(await statusOf(guard(requestOf({ id: 1 }, { ...NONE, manageXero: true })))).toBe(200);
  });

  it('checks only the requests its condition names, and still wants a user for the others', async () => {
    const onContact = requirePermission('manageXero', {
      when: (request) =>
        typeof request.body === 'object' && request.body !== null && 'xero_contact_id' in request.body,
    });
    expect(await statusOf(onContact(requestOf({ id: 1 }, NONE, { b2b: true })))).toBe(200);
    expect(await statusOf(onContact(requestOf({ id: 1 }, NONE, { xero_contact_id: null })))).toBe(403);
    expect(await statusOf(onContact(requestOf(null, NONE, { b2b: true })))).toBe(401);
  });

  it('is known as a guard: the route needs a user (401 before 419) and documents 401 and 403', () => {
    const route = { method: 'GET', url: '/api/example', preValidation: guard } as unknown as RouteOptions;
    expect(isPermissionGuard(guard)).toBe(true);
    expect(isPermissionGuard(async () => undefined)).toBe(false);
    expect(routeNeedsUser(route)).toBe(true);
    expect(errorStatusesOf(route)).toEqual(expect.arrayContaining([401, 403]));
  });
});
