import type { z } from 'zod';

/**
 * The API's routes, each declared once (issue 37): method, path, the schemas of its path parameters, query and
 * body, and its answer's. The server registers a handler against a declaration (`lib/area-routes.ts`, which
 * writes the OpenAPI document from the same schemas); the web calls it through `api/call.ts`, so a path, a
 * parameter, a body or an answer changed here breaks the web's compile.
 */
export interface RouteDecl<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Fastify's form: `/api/colours/:id`. */
  path: Path;
  params: Params;
  query: Query;
  body: Body;
  /** The answer of a success; none for a 204. */
  answer: Answer;
  /** A call that creates money records: it honours an `Idempotency-Key` header (idempotency.ts). */
  idempotent?: true;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A declaration, its parts left out where the route has none. */
export const route = <
  const Method extends HttpMethod,
  const Path extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Answer extends z.ZodType | undefined = undefined,
>(declared: {
  method: Method;
  path: Path;
  params?: Params;
  query?: Query;
  body?: Body;
  answer?: Answer;
  idempotent?: true;
}): RouteDecl<Method, Path, Params, Query, Body, Answer> => ({
  method: declared.method,
  path: declared.path,
  params: declared.params as Params,
  query: declared.query as Query,
  body: declared.body as Body,
  answer: declared.answer as Answer,
  ...(declared.idempotent ? { idempotent: true as const } : {}),
});

/** What a caller gives for a schema: its input, or nothing where the route has none. */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The path parameters as a caller gives them: each as text or a number. */
export type ParamsOf<R extends RouteDecl> = R['params'] extends z.ZodType
  ? { [K in keyof z.input<R['params']>]: string | number }
  : undefined;
export type QueryOf<R extends RouteDecl> = InputOf<R['query']>;
export type BodyOf<R extends RouteDecl> = InputOf<R['body']>;
/** The answer as the server writes it (its output). */
export type AnswerOf<R extends RouteDecl> = R['answer'] extends z.ZodType ? z.output<R['answer']> : void;

/** A declaration's path with its parameters written in: `/api/colours/:id` with `{ id: 3 }` → `/api/colours/3`. */
export function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs its :${name}`);
    return encodeURIComponent(String(value));
  });
}
