import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AUTH_MESSAGES,
  changePasswordBody,
  errorBody,
  forgotPasswordBody,
  loginBody,
  meResponse,
  resetPasswordBody,
  statusBody,
} from '@bloomline/contract';

import { unauthenticated } from '../../lib/errors';
import { currentUser, guestOnly, requireUser } from '../../plugins/session';
import type { AuthService } from './auth.service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags,
        summary: 'Starts a session and sets the XSRF-TOKEN cookie',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/api/login',
    {
      preValidation: guestOnly,
      schema: {
        tags,
        summary: 'Signs in with email and password',
        body: loginBody,
        response: { 200: meResponse, 406: errorBody, 419: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const userId = await auth.login(request, request.body);
      const user = await auth.me(userId);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );

  app.get(
    '/api/me',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'The signed-in user', response: { 200: meResponse, 401: errorBody } },
    },
    async (request) => {
      const user = await auth.me(currentUser(request).id);
      if (!user) throw unauthenticated();
      return { data: user };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags, summary: 'Signs out', response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags,
        summary:
          'E-mails a password reset link (same answer for unknown addresses; 429 after 3 requests for one address or 10 from one client in 10 minutes)',
        body: forgotPasswordBody,
        response: { 200: statusBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.forgotPassword(request, request.body.email);
      return { status: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags,
        summary: 'Sets a new password with a reset token',
        body: resetPasswordBody,
        response: { 200: statusBody, 422: errorBody },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { status: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/change-password',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Changes the signed-in user's password",
        body: changePasswordBody,
        response: { 200: statusBody, 401: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      await auth.changePassword(request, currentUser(request).id, request.body);
      return { status: AUTH_MESSAGES.passwordChanged };
    },
  );
};
