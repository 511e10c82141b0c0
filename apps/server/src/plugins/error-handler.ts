import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

import { ERROR_MESSAGES, errorBody, MESSAGES, summariseErrorBag, toErrorBag } from '@bloomline/contract';

import { constraintError } from '../lib/db-errors';
import { HttpError, ValidationError } from '../lib/errors';
import { decodedPath } from './session';

export interface ErrorHandlerOptions {
  /** Answers a GET that matched no route and is not an API path (the single-page app's history fallback). */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const API_PREFIXES = ['/api/', '/sanctum/', '/xero/'];
const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

/**
 * The one error mapper: domain errors, validation errors (422 with Laravel's bag), unknown routes (404, or
 * 405 when the path exists for another method) and everything else (500 without internals).
 */
export const errorHandlerPlugin = fp<ErrorHandlerOptions>(async (app: FastifyInstance, opts) => {
  const methodNotAllowed = (reply: FastifyReply, method: string, path: string, allowed: readonly string[]) =>
    reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({
        message: `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed.join(', ')}.`,
      });

  const siblings = fixedPathSiblings();
  app.addHook('onRoute', (route) => siblings.add(route));

  app.setNotFoundHandler(async (request, reply) => {
    // The router matched the decoded path, so the decoded path decides (never the raw string).
    const raw = request.url.split('?')[0] ?? '/';
    const path = decodedPath(raw);
    // Any known path (an API route, /health …) answers 405 to another method. Fastify's own router says
    // which methods the path has: findRoute matches a path as a request would be matched (no second router);
    // a fixed path has only its own (see `siblings` below).
    const fixedMethods = siblings.methodsOf(path);
    const allowed =
      fixedMethods.length > 0
        ? fixedMethods.filter((m) => m !== request.method)
        : (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
            (m) => m !== request.method && app.findRoute({ method: m, url: raw }) !== null,
          );
    if (allowed.length > 0) return methodNotAllowed(reply, request.method, path, allowed);
    if (isApi(path)) {
      return reply.code(404).send({ message: ERROR_MESSAGES[404] });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && opts.fallback) {
      return opts.fallback(request, reply);
    }
    return reply.code(404).send({ message: ERROR_MESSAGES[404] });
  });

  // A fixed path is answered by its own methods only: `POST /api/partners/export` is not the partner record
  // named "export" (`POST /api/partners/:partnerId`, a 401 or 404 there) but the export's path with another
  // method, 405 before any guard, as for a path no route of that method matches (issue 36, point 12).
  app.addHook('onRequest', async function methodOfPathHook(request, reply) {
    const pattern = request.routeOptions.url;
    if (!pattern?.includes(':')) return;
    const path = decodedPath(request.url.split('?')[0] ?? '/');
    const allowed = siblings.methodsOf(path).filter((m) => m !== request.method);
    if (allowed.length > 0) return methodNotAllowed(reply, request.method, path, allowed);
  });

  app.setErrorHandler(async (raw: FastifyError | HttpError | Error, request, reply) => {
    // A constraint the database enforced (duplicate, still in use) is the client's error, not a crash.
    const error = constraintError(raw) ?? raw;
    if (error instanceof ValidationError) {
      return reply.code(422).send({ message: summariseErrorBag(error.errors), errors: error.errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const bag = toErrorBag(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? MESSAGES.invalid,
        })),
      );
      return reply.code(422).send({ message: summariseErrorBag(bag), errors: bag });
    }
    if (error instanceof ZodError) {
      const bag = toErrorBag(error.issues);
      return reply.code(422).send({ message: summariseErrorBag(bag), errors: bag });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: ERROR_MESSAGES[500] });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): their message is safe.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_MESSAGES[500] });
  });
});

const segmentsOf = (url: string) => url.split('/');

/** A route's path with parameters (`/api/partners/:partnerId`) matches this fixed path (`/api/partners/export`). */
function patternMatches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  return want.length === have.length && want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}

/**
 * The fixed paths of the routes (no parameter, no wildcard) with their methods, and the routes with parameters
 * whose pattern one of them matches: those answer 405 for that path, which their response map then lists.
 * The maps of routes registered earlier are completed as later ones arrive (the document is made after all).
 */
function fixedPathSiblings() {
  const fixed = new Map<string, Set<string>>();
  const patterned: { methods: string[]; url: string; response: Record<string, unknown> }[] = [];
  const document405 = (route: (typeof patterned)[number]) => {
    route.response['405'] ??= errorBody;
  };
  return {
    add(route: RouteOptions) {
      const methods = [route.method].flat().map(String);
      const url = route.url;
      if (url.includes('*')) return;
      if (url.includes(':')) {
        const schema = route.schema;
        if (!schema || schema.hide) return;
        schema.response ??= {};
        const entry = { methods, url, response: schema.response as Record<string, unknown> };
        patterned.push(entry);
        for (const [path, on] of fixed)
          if (patternMatches(url, path) && [...on].some((m) => !methods.includes(m))) document405(entry);
        return;
      }
      const on = fixed.get(url) ?? new Set<string>();
      methods.filter((m) => m !== 'HEAD').forEach((m) => on.add(m));
      fixed.set(url, on);
      for (const entry of patterned)
        if (patternMatches(entry.url, url) && entry.methods.some((m) => !on.has(m))) document405(entry);
    },
    /** The methods of a fixed path, or none. */
    methodsOf: (path: string): string[] => [...(fixed.get(path) ?? [])],
  };
}
