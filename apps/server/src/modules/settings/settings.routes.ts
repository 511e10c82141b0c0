import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { settingRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { SettingsService } from './settings.service';

/**
 * The VAT rate: anyone signed in reads it (GET /api/me carries it too); only staff change it. Each route is the
 * contract's declaration (`settingRoutes`).
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags: ['settings'] });

  routes.serve(
    settingRoutes.vat,
    { summary: 'The VAT rate prices are built with (a fraction: 0.15 is 15 %)' },
    async () => ({ data: await settings.vat() }),
  );

  routes.serve(
    settingRoutes.updateVat,
    {
      summary: 'Change the VAT rate; every component rate and variant is repriced (counted in `repriced`)',
      preValidation: requireStaff,
    },
    ({ user, body }) => settings.setVat(user.id, body.vat),
  );

  routes.serve(
    settingRoutes.previewVat,
    {
      summary:
        'What saving this VAT rate would reprice (component rates and variants), worked out and undone; ' +
        'orders keep the VAT they were assigned with',
      preValidation: requireStaff,
    },
    async ({ user, query }) => ({ data: await settings.previewVat(user.id, query.vat) }),
  );

  routes.serve(
    settingRoutes.statements,
    { summary: 'Whether partners see the full monthly statements (features.statements in /api/me)' },
    async () => ({ data: await settings.statements() }),
  );

  routes.serve(
    settingRoutes.updateStatements,
    {
      summary: 'Switch the statements feature: on, the full statement; off, the simple table of months',
      preValidation: requireStaff,
    },
    async ({ user, body }) => ({ data: await settings.setStatements(user.id, body.statements) }),
  );
};
