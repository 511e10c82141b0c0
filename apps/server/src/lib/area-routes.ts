import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { dataOf, idParams } from '@bloomline/contract';
import type { RouteDecl } from '@bloomline/contract';

import { FORM_TYPES, formsPlugin, spoofable } from '../plugins/forms';
import { currentUser } from './session-user';
import type { SessionUser } from './session-user';
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
  /** The route's own path, as the paginator's links use it. */
  path: string;
  request: FastifyRequest;
}

interface RouteSpec<P, Q, B> extends DocumentExtras {
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** A route's own guard beside the module's (e.g. `requireStaff` in a module open to every user). */
  preValidation?: Hook | Hook[];
  /** Error statuses the area adds to the document (405 of a spoofable update is added by the kit). */
  errors?: ErrorStatus[];
}

/** What a declaration may add to a route's document and options (see `ServeSpec`). */
type DocumentExtras = Pick<
  ServeSpec,
  'responses' | 'produces' | 'consumes' | 'tags' | 'bodyLimit' | 'security' | 'hide'
>;

/** The answer: `data` is wrapped as `{ data }`, `answer` sent as the handler returns it. */
type Answer<D> = { data: D; answer?: never } | { answer: D; data?: never };
type Result<D> = Promise<D extends Schema ? z.input<D> : never>;

type Handler<P, Q, B, R> = (context: RouteContext<P, Q, B>) => R;

/** A service of the usual shape: what `records` calls for a record's own routes. */
export interface RecordService<Body, Record> {
  get?: (id: number) => Promise<Record> | Record;
  create: (userId: number, body: Body) => Promise<Record>;
  update: (userId: number, id: number, body: Body) => Promise<Record>;
  remove?: (userId: number, id: number) => Promise<unknown>;
}

/** The `records` declaration: the record's shapes and each route's summary (no summary, no route). */
interface RecordsSpec<B, D> {
  body: B;
  record: D;
  /** The update also answers a POST with `_method=PUT` (the original client's multipart form). */
  spoofable?: boolean;
  summaries: { get?: string; create: string; update: string; remove?: string };
  /** What a delete adds to the document (409 while the record is in use). */
  removeErrors?: ErrorStatus[];
}

type Context = RouteContext<unknown, unknown, unknown>;

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
    path,
    request,
  };
}

/**
 * The route kit: a plain area's routes as declarations. Each declaration writes the schema (tags, summary,
 * `consumes` for a module of forms, params, querystring, body, response with the area's error statuses) and
 * the answer: 200 `{ data }` on a read or an update, 201 `{ data }` on a create, 204 on a delete. A
 * spoofable update also answers a POST with `_method=PUT` (`plugins/forms.ts`), and documents its 405. The
 * 422 bag comes from the body's schema, the audit entries from the service (`lib/audit.ts`). A route that
 * does more (its own hooks in an order of their own, pictures, a status chosen at run time) stays an
 * ordinary route beside the declarations.
 */
export async function areaRoutes(app: ZodApp, area: { tags: string[]; forms?: boolean }) {
  // The kit registers routes whose types it checks itself (the declarations' generics).
  const fastify = app as unknown as FastifyInstance;
  if (area.forms) await fastify.register(formsPlugin);
  const { tags } = area;

  function schemaOf(spec: RouteSpec<unknown, unknown, unknown>, response: Record<number, unknown>) {
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
      response,
    };
  }

  const answerOf = (spec: { data?: Schema; answer?: Schema }) =>
    spec.data ? dataOf(spec.data) : (spec.answer as Schema);
  const wrap = (spec: { data?: Schema }, result: unknown) => (spec.data ? { data: result } : result);
  const guardsOf = (spec: RouteSpec<unknown, unknown, unknown>) => [spec.preValidation ?? []].flat();

  function declare(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    spec: RouteSpec<unknown, unknown, unknown> & { data?: Schema; answer?: Schema; spoofable?: boolean },
    status: 200 | 201 | 202 | 204,
    // Each caller's handler reads the parts its own schemas have validated (the context below, as `never`).
    run: (context: never) => unknown,
    /** The handler writes its own answer to the reply (a stream, a file, a status chosen at run time). */
    own = false,
  ) {
    const statuses: ErrorStatus[] = [...(spec.spoofable ? [405 as const] : []), ...(spec.errors ?? [])];
    const success = status === 204 ? z.null() : answerOf(spec);
    const spoof = spec.spoofable ? spoofable('PUT') : undefined;
    const guards = [...(spoof ? [spoof.preValidation] : []), ...guardsOf(spec)];
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
        const result = await run(context as never);
        if (own) return result;
        if (status === 204) return reply.code(204).send(null);
        return reply.code(status).send(wrap(spec, result));
      },
    });
  }

  /** A declaration's parts and the server's words, as `declare` takes them. */
  const specOf = (decl: RouteDecl, spec: ServeSpec) => ({
    ...spec,
    params: decl.params,
    querystring: decl.query,
    body: decl.body,
    answer: decl.answer,
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

    /** GET a list or a page of one: `{ data }` with `data`, or the service's answer as it is (a page). */
    read<P, Q, D extends Schema>(
      url: string,
      spec: RouteSpec<P, Q, never> & Answer<D>,
      handler: Handler<P, Q, undefined, Result<D>>,
    ) {
      declare('GET', url, spec, 200, handler);
    },

    /** POST a new record: 201 `{ data }`. */
    create<P, B extends Schema, D extends Schema>(
      url: string,
      spec: RouteSpec<P, never, B> & { body: B; data: D },
      handler: Handler<P, undefined, B, Result<D>>,
    ) {
      declare('POST', url, spec, 201, handler);
    },

    /** POST an action on a record (process a return …): 200 `{ data }`, or `answer` as it is. */
    action<P, B extends Schema, D extends Schema>(
      url: string,
      spec: RouteSpec<P, never, B> & { body: B } & Answer<D>,
      handler: Handler<P, undefined, B, Result<D>>,
    ) {
      declare('POST', url, spec, 200, handler);
    },

    /** PUT a record (and POST with `_method=PUT` when `spoofable`): 200 `{ data }`, or `answer` as it is. */
    update<P, B extends Schema, D extends Schema>(
      url: string,
      spec: RouteSpec<P, never, B> & { body: B; spoofable?: boolean } & Answer<D>,
      handler: Handler<P, undefined, B, Result<D>>,
    ) {
      declare('PUT', url, spec, 200, handler);
    },

    /** DELETE a record: 204 without a body. */
    remove<P>(
      url: string,
      spec: RouteSpec<P, never, never>,
      handler: Handler<P, undefined, undefined, Promise<unknown>>,
    ) {
      declare('DELETE', url, spec, 204, handler);
    },

    /**
     * A record's own routes on a service of the usual shape: GET `url/:id` (with a `get` summary), POST
     * `url`, PUT `url/:id` and DELETE `url/:id` (with a `remove` summary), each as the single declarations
     * above would write it. The list stays a `read` of its own: its request and answer differ by area.
     */
    records<B extends Schema, D extends Schema>(
      url: string,
      service: RecordService<z.output<B>, z.input<D>>,
      spec: RecordsSpec<B, D>,
    ) {
      const one = `${url}/:id`;
      const { body, record: data, summaries } = spec;
      // The schemas below (idParams, the body) have validated what the handlers read.
      const idOf = (context: Context) => (context.params as unknown as { id: number }).id;
      const inputOf = (context: Context) => context.body as unknown as z.output<B>;
      const { get, remove } = service;
      if (summaries.get && get)
        declare('GET', one, { summary: summaries.get, params: idParams, data }, 200, async (c: Context) =>
          get(idOf(c)),
        );
      declare('POST', url, { summary: summaries.create, body, data }, 201, (c: Context) =>
        service.create(c.user.id, inputOf(c)),
      );
      declare(
        'PUT',
        one,
        { summary: summaries.update, params: idParams, body, data, spoofable: spec.spoofable },
        200,
        (c: Context) => service.update(c.user.id, idOf(c), inputOf(c)),
      );
      if (summaries.remove && remove)
        declare(
          'DELETE',
          one,
          { summary: summaries.remove, params: idParams, errors: spec.removeErrors },
          204,
          (c: Context) => remove(c.user.id, idOf(c)),
        );
    },
  };
}
