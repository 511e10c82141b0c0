import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AUTH_MESSAGES, authRoutes as routesOf, errorBody } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { unauthenticated } from '../../lib/errors';
import { guestOnly, requireUser } from '../../plugins/session';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const routes = await areaRoutes(app, { tags: ['auth'] });

  routes.serve(
    routesOf.csrfCookie,
    { summary: 'Starts a session and sets the XSRF-TOKEN cookie', status: 204 },
    async () => undefined,
  );

  routes.serve(
    routesOf.login,
    {
      summary: 'Signs in with email and password',
      preValidation: guestOnly,
      // 406: a JSON answer asked for by a client that takes none; the others as every route's.
      responses: { 406: errorBody },
      errors: [419, 422, 429],
    },
    async ({ request, body }) => {
      const userId = await auth.login(request, body);
      const user = await auth.me(userId);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );

  routes.serve(
    routesOf.me,
    { summary: 'The signed-in user', preValidation: requireUser, errors: [401] },
    async ({ user: { id } }) => {
      const user = await auth.me(id);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );

  routes.serve(routesOf.logout, { summary: 'Signs out', status: 204 }, async ({ request }) => {
    await auth.logout(request);
  });

  routes.serve(
    routesOf.forgotPassword,
    {
      summary:
        'E-mails a password reset link (same answer for unknown addresses; 429 after 3 requests for one address or 10 from one client in 10 minutes)',
      errors: [422, 429],
    },
    async ({ request, body }) => {
      await auth.forgotPassword(request, body.email);
      return { status: AUTH_MESSAGES.resetLinkSent };
    },
  );

  routes.serve(
    routesOf.resetPassword,
    { summary: 'Sets a new password with a reset token', errors: [422] },
    async ({ body }) => {
      await auth.resetPassword(body);
      return { status: AUTH_MESSAGES.passwordReset };
    },
  );

  routes.serve(
    routesOf.changePassword,
    { summary: "Changes the signed-in user's password", preValidation: requireUser, errors: [401, 422] },
    async ({ request, user, body }) => {
      await auth.changePassword(request, user.id, body);
      return { status: AUTH_MESSAGES.passwordChanged };
    },
  );
};
