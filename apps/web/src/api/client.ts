import type { ErrorBag } from '@bloomline/contract';
import { EXEMPT_ERROR_STATUSES, IDEMPOTENCY_HEADER, METHOD_FIELD } from '@bloomline/contract';
import type { authRoutes } from '@bloomline/contract';

import { SAVED_AT_HEADER } from '@/pwa/offline-data';

import { reportAnswer } from './connection';

export const API_TIMEOUT_MS = 20_000;

/**
 * Where a session and its CSRF cookie start, typed by the route table's declaration (the first screen loads no
 * schema, so not the declaration itself: `refOf` in call.ts).
 */
const CSRF_COOKIE: (typeof authRoutes)['csrfCookie']['path'] = '/sanctum/csrf-cookie';

/** What a change (any call but a read) answers at once while the device is offline. */
export const NEEDS_CONNECTION =
  'You are offline: this needs a connection. Try again when you are back online.';

/** What a read answers offline when nothing kept it for offline use (a screen never opened with a connection). */
export const NOT_AVAILABLE_OFFLINE =
  'Not available offline: this was not kept on this device. It loads when you are back online.';

/** An answer other than 2xx, or no answer at all (status 0: network failure or time-out). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorBag = {},
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isValidation() {
    return this.status === 422;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Listener<T> = (value: T) => void;
const unauthenticatedListeners = new Set<Listener<void>>();
const errorStatusListeners = new Set<Listener<number>>();
const networkListeners = new Set<Listener<ApiError>>();

/** The session provider listens here: a 401 while signed in forces sign-out. */
export const onUnauthenticated = (fn: Listener<void>) => subscribe(unauthenticatedListeners, fn);
/** The app listens here: a status outside the exempt list opens the global error screen. */
export const onErrorStatus = (fn: Listener<number>) => subscribe(errorStatusListeners, fn);
/** Network failures and time-outs: shown as a notification, the screen stays usable. */
export const onNetworkError = (fn: Listener<ApiError>) => subscribe(networkListeners, fn);

function subscribe<T>(set: Set<Listener<T>>, fn: Listener<T>) {
  set.add(fn);
  return () => void set.delete(fn);
}

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  timeoutMs?: number;
  /** Error statuses this caller shows itself, besides the exempt list (e.g. 429 on sign-in). */
  handles?: readonly number[];
  signal?: AbortSignal;
  /** For downloads: answer the raw Response instead of parsed JSON. */
  raw?: boolean;
  /** The media type asked for, when not JSON (a report's CSV: `text/csv`). */
  accept?: string;
  /**
   * A read the page itself may have started (`<link rel="preload" as="fetch">`, vite.config.ts): asked for with
   * the browser's own headers, which the browser's preload must match for its answer to be used.
   */
  preloaded?: boolean;
  /**
   * A money-creating call's `Idempotency-Key` (`useIdempotencyKey`, one per dialog): a retry or a second click
   * under the same key answers the first answer and records nothing new.
   */
  idempotencyKey?: string;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = opts.preloaded
    ? {}
    : { Accept: opts.accept ?? 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  // Only what changes something is checked against the token (the server's `isStateChanging`); reading the
  // cookie is a call into the browser, spared for reads.
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  return fetch(withQuery(path, opts.query), { method, headers, body, credentials: 'include', signal });
}

/** The one fetch wrapper: cookies, JSON, the web-client header, the XSRF echo, 20 s time-out, typed errors. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  if (method !== 'GET' && !navigator.onLine) {
    // Never queued for later: the user sees at once that nothing was done.
    const error = new ApiError(0, NEEDS_CONNECTION);
    networkListeners.forEach((fn) => fn(error));
    throw error;
  }
  try {
    res = await send(method, path, opts);
    // An expired CSRF token (419) is renewed once, the way a browser form would be re-served.
    if (res.status === 419 && path !== CSRF_COOKIE) {
      await send('GET', CSRF_COOKIE, {});
      res = await send(method, path, opts);
    }
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const timedOut = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    // Offline, a read the service worker had no copy of: the screen says so where it would show the data, under
    // the offline banner, so no toast repeats it (one per read of the screen).
    if (!timedOut && !navigator.onLine && method === 'GET') throw new ApiError(0, NOT_AVAILABLE_OFFLINE);
    const error = new ApiError(
      0,
      timedOut
        ? 'The server took too long to answer. Please try again.'
        : 'Could not reach the server. Check your connection and try again.',
    );
    networkListeners.forEach((fn) => fn(error));
    throw error;
  }
  if (res.ok) {
    // The service worker marks an answer it kept from an earlier visit: the screens say it is not live.
    reportAnswer(res.headers.get(SAVED_AT_HEADER));
    if (opts.raw) return res as T;
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = null;
  }
  const body = (parsed ?? {}) as { message?: string; errors?: ErrorBag };
  const error = new ApiError(res.status, body.message ?? res.statusText, body.errors ?? {}, parsed);
  if (res.status === 401) unauthenticatedListeners.forEach((fn) => fn());
  const exempt = (EXEMPT_ERROR_STATUSES as readonly number[]).includes(res.status);
  if (!exempt && !opts.handles?.includes(res.status)) errorStatusListeners.forEach((fn) => fn(res.status));
  throw error;
}

/** A value a form field can hold; a file goes as itself. */
export type FormValue = string | number | boolean | null | undefined | Blob | readonly (string | number)[];

/**
 * A form as Laravel reads it: booleans as "1"/"0", null as "" (read back as null), numbers as text, a list
 * as repeated `key[]` fields. Undefined values are left out.
 */
export function toFormData(values: Record<string, FormValue>, method = 'POST'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === null) form.append(key, '');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, String(item));
    else form.append(key, String(value));
  }
  // Laravel's method spoofing: browsers and PHP only read multipart bodies on POST.
  if (method !== 'POST') form.append(METHOD_FIELD, method);
  return form;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** Sends `values` as a multipart form, always by POST; another `method` travels as `_method`. */
  form: <T>(
    path: string,
    values: Record<string, FormValue>,
    { method = 'POST', ...opts }: RequestOptions & { method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE' } = {},
  ) => request<T>('POST', path, { ...opts, body: toFormData(values, method) }),
  csrf: () => request<void>('GET', CSRF_COOKIE),
};
