import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The contract's `xeroRoutes`, by another name here: the module's plugin below has that name (app.ts).
import { xeroRoutes as declared } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { sha256 } from '../../lib/crypto';
import { guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { XeroService } from './xero.service';

const tags = ['xero'];
const CONNECT_PAGE = '/system/xero';

/** The browser's routes answer a signed-out visitor with the sign-in page rather than a 401. */
async function signInFirst(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) await reply.redirect('/login');
}

/** The session's id as the sessions table keeps it: what a `state` is bound to. */
const sessionIdOf = (request: FastifyRequest) => sha256(request.session?.token ?? '');

/**
 * The accounting service (Xero): the browser's authorisation flow (/xero/auth/authorize and its callback,
 * authenticateXero), the connection's state and its end (staff with the permission), and the organisation's
 * contacts (manageXero). Unconfigured, each answers 503 naming the settings. Each route is the contract's
 * declaration (`declared`).
 */
export const xeroRoutes: FastifyPluginAsyncZod<{ xero: XeroService }> = async (app, { xero }) => {
  const browser = await areaRoutes(app, { tags });

  browser.serveOwn(
    declared.authorize,
    {
      summary: 'Starts connecting Xero: 302 to its authorisation page (a browser navigation)',
      preValidation: [signInFirst, requirePermission('authenticateXero')],
      responses: { 302: z.null().describe('To the authorisation page') },
      errors: [503],
    },
    async ({ user, request, reply }) =>
      reply.redirect(await xero.authorizeUrl({ userId: user.id, sessionId: sessionIdOf(request) })),
  );

  browser.serveOwn(
    declared.callback,
    {
      summary: "Xero's answer to the authorisation: stores the connection, back to /system/xero",
      preValidation: [signInFirst, requirePermission('authenticateXero')],
      responses: { 302: z.null().describe('Back to /system/xero, with ?error=<code> when it failed') },
      errors: [503],
    },
    async ({ user, request, query, reply }) => {
      const failed = await xero.completeAuthorization({
        userId: user.id,
        sessionId: sessionIdOf(request),
        ...query,
      });
      return reply.redirect(failed ? `${CONNECT_PAGE}?error=${failed}` : CONNECT_PAGE);
    },
  );

  await app.register(async (api) => {
    guardModule(api, requireStaff);
    const routes = await areaRoutes(api, { tags });

    routes.serve(
      declared.connection,
      {
        summary: 'The accounting connection: which organisation, since when, expired or not',
        preValidation: requirePermission(['manageXero', 'authenticateXero']),
        errors: [503],
      },
      async () => ({ data: await xero.status() }),
    );

    routes.serve(
      declared.disconnect,
      {
        summary: 'Disconnects Xero: revokes its refresh token and forgets the connection',
        preValidation: requirePermission('authenticateXero'),
        responses: { 204: z.null().describe('Disconnected') },
        errors: [503],
      },
      async ({ user }) => {
        await xero.disconnect(user.id);
      },
    );

    routes.serve(
      declared.contacts,
      {
        summary:
          'Every active contact of the connected organisation, read from Xero (503 while not connected)',
        preValidation: requirePermission('manageXero'),
        errors: [503],
      },
      async () => ({ data: await xero.contacts() }),
    );
  });
};
