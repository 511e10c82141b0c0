import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

import { ERROR_MESSAGES, MESSAGES, summariseErrorBag, toErrorBag } from '@bloomline/contract';

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
  app.setNotFoundHandler(async (request, reply) => {
    // The router matched the decoded path, so the decoded path decides (never the raw string).
    const raw = request.url.split('?')[0] ?? '/';
    const path = decodedPath(raw);
    // Any known path (an API route, /health …) answers 405 to another method. Fastify's own router says
    // which methods the path has: findRoute matches a path as a request would be matched (no second router).
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
      (m) => m !== request.method && app.findRoute({ method: m, url: raw }) !== null,
    );
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          message: `The ${request.method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed.join(', ')}.`,
        });
    }
    if (isApi(path)) {
      return reply.code(404).send({ message: ERROR_MESSAGES[404] });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && opts.fallback) {
      return opts.fallback(request, reply);
    }
    return reply.code(404).send({ message: ERROR_MESSAGES[404] });
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
