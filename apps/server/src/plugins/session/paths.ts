import type { FastifyRequest } from 'fastify';

import { systemRoutes } from '@bloomline/contract';

import { KEY_PATH_PREFIX } from '../../lib/urls';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION_PREFIXES = ['/api/', '/sanctum/', '/xero/'];

/** A path with its percent-encoding undone, as the router reads it; the raw path when it cannot be decoded. */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a route path (a route's pattern or a decoded path, never the raw URL) belongs to the session. */
export const isSessionPath = (path: string) =>
  // The shop's door takes an API key, never a session (plugins/api-key-auth.ts).
  SESSION_PREFIXES.some((p) => path.startsWith(p)) &&
  path !== systemRoutes.openapi.path &&
  !path.startsWith(KEY_PATH_PREFIX);

/**
 * Whether a request is on a session route. Decided on the route the router chose (its pattern), or for a
 * path no route matched on the decoded path, so `/%61pi/login` is the same session route as `/api/login`.
 */
export const isSessionRequest = (request: FastifyRequest) =>
  isSessionPath(request.routeOptions.url ?? decodedPath(request.url));

export const isStateChanging = (method: string) => STATE_CHANGING.has(method.toUpperCase());

/** The header's token with any percent-encoding undone (Laravel decodes it); null when malformed. */
export function sentToken(request: FastifyRequest): string | null {
  const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!sent) return null;
  try {
    return decodeURIComponent(sent);
  } catch {
    return null;
  }
}
