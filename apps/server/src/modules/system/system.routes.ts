import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appConfig, APP_VERSION } from '@bloomline/contract';

import type { Config } from '../../config';
import type { Database } from '../../db/client';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (
  app,
  { database, config },
) => {
  const started = Date.now();

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
      try {
        await database.ping();
        return {
          status: 'ok' as const,
          database: 'ok',
          engine: database.engine,
          uptime: Math.round((Date.now() - started) / 1000),
          version: APP_VERSION,
        };
      } catch {
        return reply
          .code(503)
          .send({ status: 'error' as const, database: 'unreachable', engine: database.engine });
      }
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
    async () => ({
      data: {
        version: APP_VERSION,
        supportPhone: config.support.phone,
        supportEmail: config.support.email,
        mapTileUrl: config.mapTileUrl,
      },
    }),
  );

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
