import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiKey, apiKeyBody, idParams, newApiKey } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { ApiKeysService } from './api-keys.service';

/** System → API keys: staff only (partner users 403). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['api keys'] });
  routes.read(
    '/api/api-keys',
    { summary: 'The API keys, live ones first (never the keys themselves)', data: z.array(apiKey) },
    () => apiKeys.list(),
  );
  routes.create(
    '/api/api-keys',
    {
      summary: 'Makes an API key; the answer holds the key, shown this once',
      body: apiKeyBody,
      data: newApiKey,
    },
    ({ user, body }) => apiKeys.create(user.id, body),
  );
  routes.remove(
    '/api/api-keys/:id',
    { summary: 'Revokes an API key at once (it stays listed as revoked)', params: idParams },
    ({ user, params }) => apiKeys.revoke(user.id, params.id),
  );
};
