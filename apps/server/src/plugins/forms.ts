import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

import { METHOD_FIELD } from '@bloomline/contract';

import { HttpError } from '../lib/errors';

/** Upper bounds of a multipart body: a component picture is at most 500 KB, a location's SEO text long. */
export const MULTIPART_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 4,
  fields: 100,
  fieldSize: 1024 * 1024,
  parts: 104,
};

/**
 * Multipart bodies arrive as plain objects (`attachFieldsToBody: 'keyValues'`: text fields as strings,
 * files as Buffers) before validation, so the same contract schema validates JSON, urlencoded and
 * multipart bodies, and a 422 bag comes from the one error mapper.
 */
export const formsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: MULTIPART_LIMITS });
});

function spoofedMethod(request: FastifyRequest): string | undefined {
  const body = request.body;
  const field =
    body && typeof body === 'object' && METHOD_FIELD in body
      ? (body as Record<string, unknown>)[METHOD_FIELD]
      : undefined;
  const header = request.headers['x-http-method-override'];
  const value = typeof field === 'string' ? field : typeof header === 'string' ? header : undefined;
  return value?.trim().toUpperCase();
}

/**
 * Laravel's method spoofing, decided once: the route answers `method` itself and a POST whose body
 * (JSON, urlencoded or multipart) carries `_method=<method>` (or the X-HTTP-Method-Override header).
 * A POST without it is a 405, as Laravel answers a method its route does not have.
 * Use: `app.route({ ...spoofable('PUT'), url, schema, handler })`.
 */
export function spoofable(method: 'PUT' | 'PATCH' | 'DELETE') {
  return {
    method: [method, 'POST'] as HTTPMethods[],
    preValidation: async (request: FastifyRequest) => {
      if (request.method !== 'POST' || spoofedMethod(request) === method) return;
      const path = (request.routeOptions.url ?? request.url).slice(1).replace(/:([a-zA-Z]+)/g, '{$1}');
      throw new HttpError(
        405,
        `The POST method is not supported for route ${path}. Supported methods: ${method}.`,
        { allow: method },
      );
    },
  };
}
