import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ERROR_MESSAGES,
  notReadyAnswer,
  systemRoutes as routesOf,
  unhealthyAnswer,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { carriesToken, type Metrics } from '../../lib/observability';
import type { SystemService } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  metrics: Metrics;
  /** /metrics on the app's port answers this bearer token only; without one it is not there (404). */
  metricsToken: string | undefined;
}> = async (app, { system, metrics, metricsToken }) => {
  const routes = await areaRoutes(app, { tags: ['system'] });

  routes.serveOwn(
    routesOf.ready,
    {
      summary:
        'Readiness for a load balancer: 503 while the instance stops, or the database is unreachable or lacks migrations',
      responses: { 503: notReadyAnswer },
    },
    async ({ reply }) => {
      const ready = await system.ready();
      return ready.status === 'ready' ? ready : reply.code(503).send(ready);
    },
  );

  routes.serveOwn(
    routesOf.metrics,
    { summary: 'Metrics for Prometheus', hide: true },
    async ({ request, reply }) => {
      // Not there, as any unknown API address (never the web app's page, which would answer 200).
      if (!metricsToken || !carriesToken(request.headers.authorization, metricsToken)) {
        return reply.code(404).send({ message: ERROR_MESSAGES[404] });
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );

  routes.serveOwn(
    routesOf.health,
    { summary: 'Process and database health', responses: { 503: unhealthyAnswer } },
    async ({ reply }) => {
      const health = await system.health();
      return health.status === 'ok' ? health : reply.code(503).send(health);
    },
  );

  routes.serve(
    routesOf.config,
    { summary: 'Public settings the web app needs before sign-in' },
    async () => ({
      data: system.publicConfig(),
    }),
  );

  routes.serveOwn(routesOf.openapi, { summary: 'This document', hide: true }, async () => app.swagger());
};
