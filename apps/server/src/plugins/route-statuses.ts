import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

import { errorBody } from '@bloomline/contract';

import { requireApiKey } from './api-key-auth';
import { isPermissionGuard } from './permission-guard';
import {
  guardsOf,
  guestOnly,
  isSessionPath,
  isStateChanging,
  moduleGuardOf,
  requireStaff,
  requireUser,
} from './session';

/** Methods whose body Fastify reads: they can be refused for its size (413) or its type (415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the HTTP layer answers before a route runs, whatever the route: 400 (a malformed path or body),
 * 414 (a path segment too long), 431 (headers too large, from Node's parser) and, where a body is read,
 * 413 (too large) and 415 (a content type nobody parses).
 */
export function parserStatusesOf(method: string): number[] {
  return BODY_METHODS.has(method.toUpperCase()) ? [400, 413, 414, 415, 431] : [400, 414, 431];
}

/**
 * What a request answers when no operation has its method and path: 404, or 405 when the path has another
 * method; the parser's statuses; and 419 for a state-changing request on a session path without its token
 * (the session layer checks it before the router's answer). Not in the OpenAPI document (no operation),
 * but the fuzzer holds unmatched requests to it.
 */
export function unmatchedStatusesOf(method: string, path: string): number[] {
  const statuses = new Set([404, 405, ...parserStatusesOf(method)]);
  if (isSessionPath(path) && isStateChanging(method)) statuses.add(419);
  return [...statuses].sort((a, b) => a - b);
}

/** The request names a record: by a path parameter or by an `id` in its (zod object) body. */
function namesRecord(route: RouteOptions): boolean {
  if (route.url.includes(':')) return true;
  const body: unknown = route.schema?.body;
  return body instanceof z.ZodObject && 'id' in body.shape;
}

/**
 * The statuses a route answers besides its own successes, from what the route is: the parser's (every
 * route), 422 when it validates a body, query or path, 404 when it names a record (path or body id), 419
 * when it changes state on a session route, 401/403/406 from its guards. Derived once here for every route,
 * so the OpenAPI document lists them without each route repeating them (a status a route declares itself,
 * such as a workflow's 409 or a service's 403, is kept as it is).
 */
export function errorStatusesOf(route: RouteOptions, moduleGuard?: unknown): number[] {
  const schema = route.schema ?? {};
  const methods = [route.method].flat().map(String);
  const guards = guardsOf(route, moduleGuard);
  const statuses = new Set<number>(methods.flatMap(parserStatusesOf));
  if (guards.includes(requireUser)) statuses.add(401);
  if (guards.includes(requireStaff)) statuses.add(401).add(403);
  if (guards.some(isPermissionGuard)) statuses.add(401).add(403);
  if (guards.includes(guestOnly)) statuses.add(406);
  // The shop's door: no key or a bad one, and a key over its calls a minute.
  if (guards.includes(requireApiKey)) statuses.add(401).add(429);
  if (namesRecord(route)) statuses.add(404);
  if (isSessionPath(route.url) && methods.some(isStateChanging)) statuses.add(419);
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/** A download's body (a CSV, a picture): what a route that `produces` a file answers with 200. */
const download = z.string().describe('The file, in one of the media types the operation produces.');

/** A picture's answer to a client whose copy (If-None-Match) is current: no body. */
const notModified = z.null().describe('Not modified: the copy named by If-None-Match is current.');

/** Completes every documented route's response map with the error statuses it answers (`{message}`). */
export const routeStatusesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', function (route) {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    // A download declares its media types (`produces`) rather than a JSON body: its 200 is the file.
    if (schema.produces && !Object.keys(response).some((s) => s.startsWith('2'))) response['200'] = download;
    // Pictures carry an ETag and are revalidated by browsers and the florists' apps.
    if (schema.produces?.some((type) => type.startsWith('image/'))) response['304'] ??= notModified;
    for (const status of errorStatusesOf(route, moduleGuardOf(this))) {
      if (!(String(status) in response)) response[String(status)] = errorBody;
    }
    schema.response = response;
  });
});
