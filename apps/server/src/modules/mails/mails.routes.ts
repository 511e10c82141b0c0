import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mailRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { MailsService } from './mails.service';

/** The e-mails that could not be sent (staff): listed with why, and sent again. Each route is `mailRoutes`'. */
export const mailsRoutes: FastifyPluginAsyncZod<{ mails: MailsService }> = async (app, { mails }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['system'] });

  routes.serve(
    mailRoutes.list,
    { summary: 'E-mails by status (failed by default: every try failed), newest first, with the reason' },
    ({ query, path }) => mails.list(query, path),
  );
  routes.serve(
    mailRoutes.sendAgain,
    {
      summary: 'Queues a failed e-mail again: its tries start over (409 when it is not failed)',
      errors: [409],
    },
    async ({ user, params }) => ({ data: await mails.sendAgain(user.id, params.id) }),
  );
};
