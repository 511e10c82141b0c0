import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParams, mailListItem, mailListRequest, paged } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { MailsService } from './mails.service';

const tags = ['system'];

/** The e-mails that could not be sent (staff): listed with why, and sent again. */
export const mailsRoutes: FastifyPluginAsyncZod<{ mails: MailsService }> = async (app, { mails }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags });

  routes.read(
    '/api/mails',
    {
      summary: 'E-mails by status (failed by default: every try failed), newest first, with the reason',
      querystring: mailListRequest,
      answer: paged(mailListItem),
    },
    ({ query, path }) => mails.list(query, path),
  );

  routes.action(
    '/api/mails/:id/send-again',
    {
      summary: 'Queues a failed e-mail again: its tries start over (409 when it is not failed)',
      params: idParams,
      // Nothing to send: an empty JSON body is an empty object (app.ts).
      body: z.object({}),
      data: mailListItem,
      errors: [409],
    },
    ({ user, params }) => mails.sendAgain(user.id, params.id),
  );
};
