import type { FastifyRequest, FastifyServerOptions } from 'fastify';

import { requestIdMixin } from './observability';
import { KEY_PATH_PREFIX } from './urls';

type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & {
  socket?: { remotePort?: number };
};

/** What a request log line says of the request (Fastify's own fields); the /xero/ paths without their query. */
const requestForLog = (request: LoggedRequest) => ({
  method: request.method,
  // The accounting callback's query carries an authorisation code and a state, and a shop might put its API
  // key in the intake's query (where it is never read): neither is logged.
  url:
    request.url.startsWith('/xero/') || request.url.startsWith(KEY_PATH_PREFIX)
      ? request.url.split('?')[0]
      : request.url,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/**
 * Logger options with our request serializer and the request id on every line logged during a request (a
 * ready-made logger instance is used as it is).
 */
export function withRequestSerializer(
  logger: NonNullable<FastifyServerOptions['logger']>,
): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || 'child' in logger) return logger;
  return {
    ...logger,
    mixin: requestIdMixin,
    serializers: { req: requestForLog, ...logger.serializers },
  };
}
