import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, XERO_AUTHORIZE_PATH, xeroConnection, xeroContact } from '@bloomline/contract';

import { sha256 } from '../../lib/crypto';
import { errorResponses } from '../../lib/responses';
import { currentUser, guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { XeroService } from './xero.service';

const tags = ['xero'];
const CONNECT_PAGE = '/system/xero';

/** The browser's routes answer a signed-out visitor with the sign-in page rather than a 401. */
async function signInFirst(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.redirect('/login');
}

/** The session's id as the sessions table keeps it: what a `state` is bound to. */
const sessionIdOf = (request: FastifyRequest) => sha256(request.session?.token ?? '');

/** A query value, or undefined when it is missing or malformed (sent twice, too long): never a 422 here. */
const param = z.string().max(4096).optional().catch(undefined);

/**
 * The accounting service (Xero): the browser's authorisation flow (/xero/auth/authorize and its callback,
 * authenticateXero), the connection's state and its end (staff with the permission), and the organisation's
 * contacts (manageXero). Unconfigured, each answers 503 naming the settings.
 */
export const xeroRoutes: FastifyPluginAsyncZod<{ xero: XeroService }> = async (app, { xero }) => {
  app.get(
    XERO_AUTHORIZE_PATH,
    {
      preValidation: [signInFirst, requirePermission('authenticateXero')],
      schema: {
        tags,
        summary: 'Starts connecting Xero: 302 to its authorisation page (a browser navigation)',
        response: { 302: z.null().describe('To the authorisation page'), ...errorResponses(503) },
      },
    },
    async (request, reply) =>
      reply.redirect(
        await xero.authorizeUrl({ userId: currentUser(request).id, sessionId: sessionIdOf(request) }),
      ),
  );

  app.get(
    '/xero/auth/callback',
    {
      preValidation: [signInFirst, requirePermission('authenticateXero')],
      schema: {
        tags,
        summary: "Xero's answer to the authorisation: stores the connection, back to /system/xero",
        querystring: z.object({ code: param, state: param, error: param }),
        response: {
          302: z.null().describe('Back to /system/xero, with ?error=<code> when it failed'),
          ...errorResponses(503),
        },
      },
    },
    async (request, reply) => {
      const failed = await xero.completeAuthorization({
        userId: currentUser(request).id,
        sessionId: sessionIdOf(request),
        ...request.query,
      });
      return reply.redirect(failed ? `${CONNECT_PAGE}?error=${failed}` : CONNECT_PAGE);
    },
  );

  await app.register(async (api) => {
    guardModule(api, requireStaff);

    api.get(
      '/api/xero/connection',
      {
        preValidation: requirePermission(['manageXero', 'authenticateXero']),
        schema: {
          tags,
          summary: 'The accounting connection: which organisation, since when, expired or not',
          response: { 200: dataOf(xeroConnection), ...errorResponses(503) },
        },
      },
      async () => ({ data: await xero.status() }),
    );

    api.delete(
      '/api/xero/connection',
      {
        preValidation: requirePermission('authenticateXero'),
        schema: {
          tags,
          summary: 'Disconnects Xero: revokes its refresh token and forgets the connection',
          response: { 204: z.null().describe('Disconnected'), ...errorResponses(503) },
        },
      },
      async (request, reply) => {
        await xero.disconnect(currentUser(request).id);
        return reply.code(204).send();
      },
    );

    api.get(
      '/api/xero-contacts',
      {
        preValidation: requirePermission('manageXero'),
        schema: {
          tags,
          summary:
            'Every active contact of the connected organisation, read from Xero (503 while not connected)',
          response: { 200: dataOf(z.array(xeroContact)), ...errorResponses(503) },
        },
      },
      async () => ({ data: await xero.contacts() }),
    );
  });
};
