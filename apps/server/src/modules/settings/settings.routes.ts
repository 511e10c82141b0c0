import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  dataOf,
  repriced,
  statementsFeature,
  statementsFeatureBody,
  vatBody,
  vatRate,
} from '@bloomline/contract';

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

  app.get(
    '/api/settings/statements',
    {
      schema: {
        tags,
        summary: 'Whether partners see the full monthly statements (features.statements in /api/me)',
        response: { 200: dataOf(statementsFeature) },
      },
    },
    async () => ({ data: await settings.statements() }),
  );

  app.put(
    '/api/settings/statements',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Switch the statements feature: on, the full statement; off, the simple table of months',
        body: statementsFeatureBody,
        response: { 200: dataOf(statementsFeature) },
      },
    },
    async (request) => ({
      data: await settings.setStatements(currentUser(request).id, request.body.statements),
    }),
  );
};
