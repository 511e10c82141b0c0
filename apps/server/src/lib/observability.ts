import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';

import type { Database } from '../db/client';

/**
 * A view inside (issue 38, point 4): every answer carries `X-Request-Id` and every log line written while a
 * request is handled names it; `/metrics` in Prometheus text for whoever is allowed to read it.
 */

const currentRequest = new AsyncLocalStorage<string>();

/** An id the balancer sends is taken when it looks like one (it ends up in every log line of the request). */
const GIVEN_ID = /^[\w.:-]{1,128}$/;

/** Fastify's request-id options: the balancer's `X-Request-Id` when the proxy is trusted, else a new UUID. */
export function requestIdOptions(trustProxy: boolean) {
  return {
    requestIdHeader: false as const,
    genReqId: (req: IncomingMessage) => {
      const given = trustProxy ? req.headers['x-request-id'] : undefined;
      return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    },
  };
}

/**
 * pino's `mixin`: a line logged by the app's own logger (the services log through it) while a request is
 * handled gets the request's id; the request's logger names it already.
 */
export function requestIdMixin(_object: object, _level: number, logger: { bindings(): object }): object {
  const id = currentRequest.getStore();
  if (id === undefined) return {};
  return 'reqId' in logger.bindings() ? {} : { reqId: id };
}

/** Sets `X-Request-Id` on every answer and runs the rest of the request under its id. */
export function useRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', function requestIdHook(request, reply, done) {
    void reply.header('x-request-id', request.id);
    currentRequest.run(request.id, done);
  });
}

/** Counts of something by its labels, read when /metrics is scraped (a failed read leaves it out). */
type Census = () => Promise<{ labels: Record<string, string>; n: number }[]>;

export interface MetricsOptions {
  database: Database;
  /** Jobs by queue and state. */
  jobs: Census;
}

/** A route as a label: a file of the web build would be a label each, so they share one. */
function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'unmatched';
  return route.startsWith('/api/') || !route.includes('.') ? route : 'static file';
}

/**
 * The process's own figures, among them the event loop's delay (nodejs_eventloop_lag_*: mean, p50, p90, p99):
 * collected once per process (each collection keeps a timer of its own), whatever the number of apps in it.
 */
let processMetrics: client.Registry | undefined;
function processRegistry(): client.Registry {
  if (!processMetrics) {
    processMetrics = new client.Registry();
    client.collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 20 });
  }
  return processMetrics;
}

export function createMetrics({ database, jobs }: MetricsOptions) {
  const registry = new client.Registry();
  const processFigures = processRegistry();
  const everything = () => client.Registry.merge([processFigures, registry]);
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'bloomline_db_pool_connections',
    help: 'Database pool connections: in_use, idle, and requests waiting for one (waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const streams = new client.Gauge({
    name: 'bloomline_open_streams',
    help: 'Live new-order streams open on this instance',
    registers: [registry],
  });
  new client.Gauge({
    name: 'bloomline_jobs',
    help: 'Jobs across the fleet by queue and state (queued, running, failed, completed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await jobs().catch(() => null);
      this.reset();
      for (const { labels, n } of counts ?? []) this.set(labels, n);
    },
  });
  return {
    registry,
    streams,
    /** Times every answered request (a live stream is not one: it is counted while open instead). */
    observe(request: FastifyRequest, reply: FastifyReply) {
      requests.observe(
        { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    },
    text: () => everything().metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether an `Authorization` header carries the metrics token (compared in constant time). */
export function carriesToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
