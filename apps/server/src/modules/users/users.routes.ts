import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  currentUser as currentUserShape,
  dataOf,
  idParams,
  paged,
  parsePathId,
  role,
  userBody,
  userListItem,
  userListRequest,
  userRecord,
  userUpdateBody,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/responses';
import { reachesUser, viewerOf } from '../../lib/viewer';
import { FORM_TYPES, spoofable } from '../../plugins/forms';
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

const spoofedPut = spoofable('PUT');

/**
 * Users: the list, new users, enabling and the roles are staff only; reading and editing a user is open to
 * every signed-in user for their own record (their profile), and to staff for anyone's.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.read(
    '/api/users',
    {
      preValidation: requireStaff,
      summary: 'Users, searched by name, e-mail or phone number, paged',
      querystring: userListRequest,
      answer: paged(userListItem),
    },
    ({ query, path }) => users.list(query, path),
  );

  app.get(
    '/api/users/:id',
    {
      preValidation: selfOrStaff,
      schema: {
        tags,
        summary: 'One user (a partner user: only themself)',
        params: idParams,
        response: { 200: dataOf(userRecord) },
      },
    },
    async (request) => ({
      data: await users.get(viewerOf(currentUser(request)), request.params.id),
    }),
  );

  routes.create(
    '/api/users',
    {
      preValidation: requireStaff,
      summary: 'Create a user, who is e-mailed a link to set their password',
      body: userBody,
      data: userRecord,
    },
    ({ user, body }) => users.create(user.id, body),
  );

  app.route({
    ...spoofedPut,
    preValidation: [selfOrStaff, spoofedPut.preValidation],
    url: '/api/users/:id',
    schema: {
      tags,
      summary:
        'Update a user (PUT, or POST with _method=PUT). Oneself: name, email and phoneNumber, answered as ' +
        'GET /api/me answers; staff editing another user: every field.',
      consumes: FORM_TYPES,
      params: idParams,
      body: userUpdateBody,
      response: { 200: dataOf(z.union([currentUserShape, userRecord])), ...errorResponses(405) },
    },
    handler: async (request) => {
      const actor = currentUser(request);
      const { self, user } = await users.update(viewerOf(actor), request.params.id, request.body);
      // The web keeps its own profile's answer as the current user, as GET /api/me gives it.
      return { data: self ? await users.me(actor.id) : user };
    },
  });

  app.post(
    '/api/users/:id/enabled',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Enable a disabled user, or disable an enabled one (their sessions end at once)',
        params: idParams,
        response: { 200: dataOf(userRecord) },
      },
    },
    async (request) => ({
      data: await users.toggleEnabled(currentUser(request).id, request.params.id),
    }),
  );

  routes.read(
    '/api/roles',
    { preValidation: requireStaff, summary: 'The roles a user can have', data: z.array(role) },
    () => users.roles(),
  );
};
