import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, xeroContact } from '@bloomline/contract';

import { errorResponses } from '../../lib/responses';
import { guardModule, requirePermission, requireStaff } from '../../plugins/session';
import type { XeroService } from './xero.service';

const tags = ['xero'];

/** The accounting service's API routes: staff only; the contacts also need the manageXero permission. */
export const xeroRoutes: FastifyPluginAsyncZod<{ xero: XeroService }> = async (app, { xero }) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/xero-contacts',
    {
      preValidation: requirePermission('manageXero'),
      schema: {
        tags,
        summary: 'Contacts of the connected accounting organisation (503 until it is connected)',
        response: { 200: dataOf(z.array(xeroContact)), ...errorResponses(503) },
      },
    },
    async () => ({ data: await xero.contacts() }),
  );
};
