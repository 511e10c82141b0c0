import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appConfig } from '@bloomline/contract';

import type { SystemService } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Process and database health',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.string(),
            engine: z.string(),
            uptime: z.number(),
            version: z.string(),
          }),
          503: z.object({ status: z.literal('error'), database: z.string(), engine: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const health = await system.health();
      return health.status === 'ok' ? health : reply.code(503).send(health);
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs before sign-in',
        response: { 200: z.object({ data: appConfig }) },
      },
    },
    async () => ({ data: system.publicConfig() }),
  );

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
