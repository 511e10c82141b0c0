import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { appConfig, ERROR_MESSAGES } from '@bloomline/contract';

import { carriesToken, type Metrics } from '../../lib/observability';
import type { SystemService } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  metrics: Metrics;
  /** /metrics on the app's port answers this bearer token only; without one it is not there (404). */
  metricsToken: string | undefined;
}> = async (app, { system, metrics, metricsToken }) => {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness for a load balancer: 503 while the instance stops, or the database is unreachable or lacks migrations',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ status: z.enum(['stopping', 'not ready']), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const ready = await system.ready();
      return ready.status === 'ready' ? ready : reply.code(503).send(ready);
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Not there, as any unknown API address (never the web app's page, which would answer 200).
    if (!metricsToken || !carriesToken(request.headers.authorization, metricsToken)) {
      return reply.code(404).send({ message: ERROR_MESSAGES[404] });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });

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
