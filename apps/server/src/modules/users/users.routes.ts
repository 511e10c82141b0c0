import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { parsePathId, userRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { notFound } from '../../lib/errors';
import { reachesUser, viewerOf } from '../../lib/viewer';
import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { UsersService } from './users.service';

const tags = ['users'];

/**
 * A partner user reaches only their own record: another id is a 404 before anything else is read (the body
 * is not even validated), so nobody learns whether it exists.
 */
async function selfOrStaff(request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  const { id } = request.params as { id?: unknown };
  if (!reachesUser(viewerOf(user), parsePathId(id))) throw notFound();
}

/**
 * Users: the list, new users, enabling and the roles are staff only; reading and editing a user is open to
 * every signed-in user for their own record (their profile), and to staff for anyone's.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.serve(
    userRoutes.list,
    { preValidation: requireStaff, summary: 'Users, searched by name, e-mail or phone number, paged' },
    ({ query, path }) => users.list(query, path),
  );
  routes.serve(
    userRoutes.get,
    { summary: 'One user (a partner user: only themself)', preValidation: selfOrStaff },
    async ({ viewer, params }) => ({ data: await users.get(viewer, params.id) }),
  );
  routes.serve(
    userRoutes.create,
    {
      preValidation: requireStaff,
      summary: 'Create a user, who is e-mailed a link to set their password',
      created: true,
    },
    async ({ user, body }) => ({ data: await users.create(user.id, body) }),
  );
  routes.serve(
    userRoutes.update,
    {
      summary:
        'Update a user (PUT, or POST with _method=PUT). Oneself: name, email and phoneNumber, answered as ' +
        'GET /api/me answers; staff editing another user: every field.',
      spoofable: true,
      // Another user's record is a 404 before anything else, the `_method` check included (a partner user's
      // POST to it answers as their PUT does).
      preValidation: selfOrStaff,
      guardsFirst: true,
    },
    async ({ user: actor, viewer, params, body }) => {
      const { self, user } = await users.update(viewer, params.id, body);
      // The web keeps its own profile's answer as the current user, as GET /api/me gives it.
      return { data: self ? await users.me(actor.id) : user };
    },
  );
  routes.serve(
    userRoutes.toggleEnabled,
    {
      preValidation: requireStaff,
      summary: 'Enable a disabled user, or disable an enabled one (their sessions end at once)',
    },
    async ({ user, params }) => ({ data: await users.toggleEnabled(user.id, params.id) }),
  );
  routes.serve(
    userRoutes.roles,
    { preValidation: requireStaff, summary: 'The roles a user can have' },
    async () => ({ data: await users.roles() }),
  );
};
