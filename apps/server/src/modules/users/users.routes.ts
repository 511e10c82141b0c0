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

import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/responses';
import { reachesUser, viewerOf } from '../../lib/viewer';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { UsersService } from './users.service';

const tags = ['users'];
const FORMS = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

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
  await app.register(formsPlugin);

  app.get(
    '/api/users',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Users, searched by name, e-mail or phone number, paged',
        querystring: userListRequest,
        response: { 200: paged(userListItem) },
      },
    },
    async (request) => users.list(request.query),
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

  app.post(
    '/api/users',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Create a user, who is e-mailed a link to set their password',
        consumes: FORMS,
        body: userBody,
        response: { 201: dataOf(userRecord) },
      },
    },
    async (request, reply) => {
      const created = await users.create(currentUser(request).id, request.body);
      return reply.code(201).send({ data: created });
    },
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
      consumes: FORMS,
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

  app.get(
    '/api/roles',
    {
      preValidation: requireStaff,
      schema: { tags, summary: 'The roles a user can have', response: { 200: dataOf(z.array(role)) } },
    },
    async () => ({ data: await users.roles() }),
  );
};
