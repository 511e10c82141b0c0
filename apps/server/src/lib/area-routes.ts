import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { RouteDecl } from '@bloomline/contract';
import { idempotencyHeaders } from '@bloomline/contract';

import { FORM_TYPES, formsPlugin, spoofable } from '../plugins/forms';
import { underIdempotencyKey } from './idempotency';
import { currentUser } from './session-user';
import type { SessionUser } from './session-user';
import { viewerOf } from './viewer';
import type { Viewer } from './viewer';
import { errorResponses } from './responses';
import type { ErrorStatus } from './responses';

/** The instance a module's plugin receives (`FastifyPluginAsyncZod`). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What a declared route's handler is given: the validated request parts and who asks. */
export interface RouteContext<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The signed-in user (a 401 when there is none, which a guard has already answered). */
  readonly user: SessionUser;
  /** Who is looking, as the queries scope it: staff, or which partner (`lib/viewer.ts`). */
  readonly viewer: Viewer;
  /** The route's own path, as the paginator's links use it. */
  path: string;
  request: FastifyRequest;
}

type Result<D> = Promise<D extends Schema ? z.input<D> : never>;
type Handler<P, Q, B, R> = (context: RouteContext<P, Q, B>) => R;

/** What a route of the contract's table adds on the server: its words for the document, and its guards. */
interface ServeSpec {
  summary: string;
  /** A create answers 201. */
  created?: boolean;
  /** A status of its own for a success (202 for work accepted and done later, 204 for one with no answer). */
  status?: 200 | 201 | 202 | 204;
  /** The update also answers a POST with `_method=PUT` (the original client's multipart form). */
  spoofable?: boolean;
  /** The route's own guards beside the module's, run in this order (after the `_method` check). */
  preValidation?: Hook | Hook[];
  /**
   * The route's own guards run before the `_method` check of a spoofable update: a record out of the caller's
   * reach answers 404 whatever the request's method (the users' own-record guard).
   */
  guardsFirst?: boolean;
  errors?: ErrorStatus[];
  /** Other answers the document lists (a 201 beside the 200 of an upsert, a 301 of a moved picture). */
  responses?: Record<number, Schema>;
  /** What the route answers besides JSON (a CSV, a PDF, a picture, an event stream). */
  produces?: string[];
  /** What the body may come as, where it is not the module's (a picture as multipart). */
  consumes?: string[];
  /** Tags of its own, where the route belongs to another part of the document. */
  tags?: string[];
  /** The largest body the route reads, where it is not Fastify's default. */
  bodyLimit?: number;
  /** How the caller proves who it is, where it is not the session (the shop's API key). */
  security?: Record<string, string[]>[];
  /** Left out of the document (a picture's file, which is not the API). */
  hide?: boolean;
}

/** The server's words and the declaration's schemas together: what the kit registers a route from. */
interface DeclaredSpec extends ServeSpec {
  params: Schema | undefined;
  querystring: Schema | undefined;
  body: Schema | undefined;
  answer: Schema | undefined;
  /** The contract declares the call idempotent: it reads an `Idempotency-Key` (`lib/idempotency.ts`). */
  idempotent: boolean;
}

/** What a route that writes its own answer is given besides the request's parts: the reply to write it to. */
export interface OwnContext<P, Q, B> extends RouteContext<P, Q, B> {
  reply: FastifyReply;
}

function contextOf<P, Q, B>(request: FastifyRequest, path: string): RouteContext<P, Q, B> {
  return {
    params: request.params as Out<P>,
    query: request.query as Out<Q>,
    body: request.body as Out<B>,
    get user() {
      return currentUser(request);
    },
    get viewer() {
      return viewerOf(currentUser(request));
    },
    path,
    request,
  };
}

/**
 * The route kit: an area's routes served from the contract's route table (`packages/contract/src/routes.ts`).
 * Each route's schema comes from its declaration (params, querystring, body, the answer) and the server's words
 * (tags, summary, `consumes` for a module of forms, the error statuses it adds); the answer is the handler's:
 * 200 by default, 201 for a create, 204 without a body for a delete, or a status of its own. A spoofable update
 * also answers a POST with `_method=PUT` (`plugins/forms.ts`) and documents its 405. The 422 bag comes from the
 * body's schema, the audit entries from the service (`lib/audit.ts`). A handler that writes its own answer (a
 * stream, a file, a redirect, a status chosen at run time) is served with `serveOwn`.
 */
export async function areaRoutes(app: ZodApp, area: { tags: string[]; forms?: boolean }) {
  // The kit registers routes whose types it checks itself (the declarations' generics).
  const fastify = app as unknown as FastifyInstance;
  if (area.forms) await fastify.register(formsPlugin);
  const { tags } = area;

  function schemaOf(spec: DeclaredSpec, response: Record<number, unknown>) {
    const consumes = spec.consumes ?? (area.forms && spec.body ? FORM_TYPES : undefined);
    return {
      ...(spec.hide ? { hide: true } : {}),
      tags: spec.tags ?? tags,
      summary: spec.summary,
      ...(spec.produces ? { produces: spec.produces } : {}),
      ...(consumes ? { consumes } : {}),
      ...(spec.security ? { security: spec.security } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.idempotent ? { headers: idempotencyHeaders } : {}),
      response,
    };
  }

  const guardsOf = (spec: DeclaredSpec) => [spec.preValidation ?? []].flat();

  function declare(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    spec: DeclaredSpec,
    status: 200 | 201 | 202 | 204,
    // Each caller's handler reads the parts its own schemas have validated (the context below, as `never`).
    run: (context: never) => unknown,
    /** The handler writes its own answer to the reply (a stream, a file, a status chosen at run time). */
    own = false,
  ) {
    const statuses: ErrorStatus[] = [...(spec.spoofable ? [405 as const] : []), ...(spec.errors ?? [])];
    const success = status === 204 ? z.null() : spec.answer;
    const spoof = spec.spoofable ? spoofable('PUT') : undefined;
    const check = spoof ? [spoof.preValidation] : [];
    const guards = spec.guardsFirst ? [...guardsOf(spec), ...check] : [...check, ...guardsOf(spec)];
    fastify.route({
      method: spoof ? spoof.method : method,
      url,
      ...(guards.length === 0 ? {} : { preValidation: guards.length === 1 ? guards[0] : guards }),
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      schema: schemaOf(spec, {
        ...(success ? { [status]: success } : {}),
        ...spec.responses,
        ...errorResponses(...statuses),
      }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const context = Object.assign(contextOf(request, url), { reply });
        const result = spec.idempotent
          ? await underIdempotencyKey(request, `${method} ${url}`, status, () => run(context as never))
          : await run(context as never);
        if (own) return result;
        if (status === 204) return reply.code(204).send(null);
        return reply.code(status).send(result);
      },
    });
  }

  /** A declaration's parts and the server's words, as `declare` takes them. */
  const specOf = (decl: RouteDecl, spec: ServeSpec): DeclaredSpec => ({
    ...spec,
    params: decl.params,
    querystring: decl.query,
    body: decl.body,
    answer: decl.answer,
    idempotent: decl.idempotent === true,
  });

  return {
    /**
     * A route of the contract's table (`packages/contract/src/routes.ts`, issue 37): method, path, parameters,
     * query, body and answer come from the declaration, so nothing is declared twice; the handler answers the
     * declared answer whole (201 for a create, 204 without a body for a delete).
     */
    serve<R extends RouteDecl>(
      decl: R,
      spec: ServeSpec,
      // The declared answer's input (a delete's, which has none, anything: it answers 204 without a body).
      handler: Handler<
        R['params'],
        R['query'],
        R['body'],
        R['answer'] extends Schema ? Result<R['answer']> : Promise<unknown>
      >,
    ) {
      const status = decl.method === 'DELETE' ? 204 : (spec.status ?? (spec.created ? 201 : 200));
      declare(decl.method, decl.path, specOf(decl, spec), status, handler);
    },

    /**
     * A route of the table whose handler writes its own answer to `reply` and returns the reply (a CSV or PDF
     * stream, a picture, a redirect, a status chosen at run time), or returns an answer as a Fastify handler may
     * (the orders' page beside their CSV). The document still lists the declared answer.
     */
    serveOwn<R extends RouteDecl>(
      decl: R,
      spec: ServeSpec,
      handler: (context: OwnContext<R['params'], R['query'], R['body']>) => unknown,
    ) {
      const status = spec.status ?? (spec.created ? 201 : 200);
      declare(decl.method, decl.path, specOf(decl, spec), status, handler, true);
    },
  };
}
