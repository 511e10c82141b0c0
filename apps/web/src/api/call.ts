import type { AnswerOf, BodyOf, ParamsOf, QueryOf, RouteDecl } from '@bloomline/contract';
import { pathWith } from '@bloomline/contract';

import { request, toFormData } from './client';
import type { FormValue, Query, RequestOptions } from './client';

/** What a call gives: the path's parameters, the query and the body, each where the route declares one. */
export type CallParts<R extends RouteDecl> = (ParamsOf<R> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

export type CallOptions = Omit<RequestOptions, 'query' | 'body'> & {
  /** The body as a multipart form by POST, the route's method as `_method` (the original client's forms). */
  form?: boolean;
};

/**
 * Calls a route of the contract's table (issue 37): its path written from the declaration and the parameters,
 * its query and body checked against the declared schemas' input at compile time, its answer typed by the
 * declared schema. Errors are `ApiError`s as for every call (`client.ts`).
 */
export function call<R extends RouteDecl>(
  route: R | RouteRef<R>,
  parts: CallParts<R>,
  { form = false, ...opts }: CallOptions = {},
): Promise<AnswerOf<R>> {
  const path = pathWith(route.path, parts.params);
  const query = parts.query as Query | undefined;
  if (form)
    return request<AnswerOf<R>>('POST', path, {
      ...opts,
      query,
      body: toFormData(parts.body as Record<string, FormValue>, route.method),
    });
  return request<AnswerOf<R>>(route.method, path, { ...opts, query, body: parts.body });
}

/**
 * A route's path with its parameters written in, for what is not a fetch of JSON: a download's path, a link.
 * The parameters are checked against the declaration as a call's are.
 */
export const pathOf = <R extends RouteDecl>(
  route: R,
  ...[params]: ParamsOf<R> extends undefined ? [] : [ParamsOf<R>]
) => pathWith(route.path, params);

/**
 * A declaration's method and path alone, for the calls of the first screen (the session, signing in), which must
 * not load the route table's schemas and zod with them (architecture.md, "The first visit is small"). It is
 * checked against the declaration at compile time: `refOf<typeof authRoutes.me>({ method: 'GET', path: '/api/me' })`
 * stops compiling when the contract's path or method changes, and `call` types its parts and answer from it.
 */
export type RouteRef<R extends RouteDecl> = Pick<R, 'method' | 'path'> & { readonly declaration?: R };
export const refOf = <R extends RouteDecl>(route: Pick<R, 'method' | 'path'>): RouteRef<R> => route;
