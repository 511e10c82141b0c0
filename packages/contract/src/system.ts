import { z } from 'zod';

import { appConfig } from './app-config';
import { dataOf } from './paging';
import { route } from './routes';

/** `/ready`'s answers: ready, or (503) stopping or not ready. */
export const readyAnswer = z.object({ status: z.literal('ready'), database: z.string() });
export const notReadyAnswer = z.object({ status: z.enum(['stopping', 'not ready']), database: z.string() });
/** `/health`'s answers: ok, or (503) an error. */
export const healthAnswer = z.object({
  status: z.literal('ok'),
  database: z.string(),
  engine: z.string(),
  uptime: z.number(),
  version: z.string(),
});
export const unhealthyAnswer = z.object({
  status: z.literal('error'),
  database: z.string(),
  engine: z.string(),
});

/** The system's routes (issue 37): a balancer's and a monitor's, and what the web app needs before sign-in. */
export const systemRoutes = {
  ready: route({ method: 'GET', path: '/ready', answer: readyAnswer }),
  /** Prometheus' text, to a bearer token only (not in the document). */
  metrics: route({ method: 'GET', path: '/metrics' }),
  health: route({ method: 'GET', path: '/health', answer: healthAnswer }),
  config: route({ method: 'GET', path: '/api/config', answer: dataOf(appConfig) }),
  /** This document (not in itself). */
  openapi: route({ method: 'GET', path: '/api/openapi.json' }),
};
