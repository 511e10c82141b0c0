import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * The headers helmet writes for these options, worked out once: our options are fixed strings (no nonce, nothing
 * read from the request), so every answer carries the same ones. Helmet records what it would set on a stand-in
 * answer; a header it removes (X-Powered-By, which nothing here sets) is left out.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware only calls setHeader and removeHeader on the answer when no option is a function; it
  // throws an option it refuses (since helmet 8.1) instead of passing it on.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Every answer (API, web app, 404) carries the security headers, set from one object worked out at start-up.
 * `@fastify/helmet` built a new helmet middleware from its options on every request, in two hooks: about a
 * tenth of a list request's CPU (issue 39, docs/decisions.md).
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', function securityHeadersHook(_request, reply, done) {
    reply.headers(headers);
    done();
  });
}
