import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

import { METHOD_FIELD } from '@bloomline/contract';

import { HttpError } from '../lib/errors';

/**
 * The content types a module's form writes accept, decided once: the original client posts multipart forms,
 * other clients urlencoded forms or JSON, and one body schema reads them all. Routes list it as `consumes`.
 */
export const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

/** Upper bounds of a multipart body: a component picture is at most 500 KB, a location's SEO text long. */
export const MULTIPART_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 4,
  fields: 100,
  fieldSize: 1024 * 1024,
  parts: 104,
};

const hasStatus = (e: unknown) =>
  typeof e === 'object' && e !== null && 'statusCode' in e && typeof e.statusCode === 'number';

/** Reads a multipart body into a plain object: text fields as strings, files as Buffers, repeats as arrays. */
async function multipartBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const put = (name: string, value: unknown) => {
    const had = body[name];
    body[name] =
      had === undefined ? value : Array.isArray(had) ? [...(had as unknown[]), value] : [had, value];
  };
  for await (const part of request.parts()) {
    if (part.type === 'file') put(part.fieldname, await part.toBuffer());
    else put(part.fieldname, part.value);
  }
  return { ...body };
}

/**
 * Register in a module whose writes come as forms (its routes only: the multipart hooks cost every request
 * they run on). Multipart bodies arrive as plain objects before validation, so the same contract schema validates JSON,
 * urlencoded and multipart bodies, and a 422 bag comes from the one error mapper. A body that is not a
 * well-formed form (a cut-off part, a missing boundary) is a 400, never a 500; one over the limits a 413.
 */
export const formsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await multipartBody(request);
    } catch (error) {
      if (hasStatus(error)) throw error;
      throw new HttpError(400, 'The multipart form could not be read.');
    }
  });
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
