import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, repriced, vatBody, vatRate } from '@bloomline/contract';

import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { SettingsService } from './settings.service';

const tags = ['settings'];

/** The VAT rate: anyone signed in reads it (GET /api/me carries it too); only staff change it. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  guardModule(app, requireUser);

  app.get(
    '/api/settings/vat',
    {
      schema: {
        tags,
        summary: 'The VAT rate prices are built with (a fraction: 0.15 is 15 %)',
        response: { 200: dataOf(vatRate) },
      },
    },
    async () => ({ data: await settings.vat() }),
  );

  app.put(
    '/api/settings/vat',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Change the VAT rate; every component rate and variant is repriced (counted in `repriced`)',
        body: vatBody,
        response: { 200: z.object({ data: vatRate, repriced: repriced.optional() }) },
      },
    },
    async (request) => settings.setVat(currentUser(request).id, request.body.vat),
  );
};
