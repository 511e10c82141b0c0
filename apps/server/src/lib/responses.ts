import { errorBody } from '@bloomline/contract';

export type ErrorStatus = 401 | 403 | 404 | 405 | 409 | 413 | 419 | 422 | 429 | 503;

/** The error answers a route documents, each in the one `{message, errors?}` shape. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S, typeof errorBody>;
}
