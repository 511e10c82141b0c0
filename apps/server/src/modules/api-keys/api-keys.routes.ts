import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { apiKeyRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ApiKeysService } from './api-keys.service';

/** System → API keys: staff only (partner users 403). Each route is the contract's (`apiKeyRoutes`). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['api keys'] });
  routes.serve(
    apiKeyRoutes.list,
    { summary: 'The API keys, live ones first (never the keys themselves)' },
    async () => ({ data: await apiKeys.list() }),
  );
  routes.serve(
    apiKeyRoutes.create,
    { summary: 'Makes an API key; the answer holds the key, shown this once', created: true },
    async ({ user, body }) => ({ data: await apiKeys.create(user.id, body) }),
  );
  routes.serve(
    apiKeyRoutes.revoke,
    { summary: 'Revokes an API key at once (it stays listed as revoked)' },
    async ({ user, params }) => {
      await apiKeys.revoke(user.id, params.id);
    },
  );
};
