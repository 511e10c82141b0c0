import { vi } from 'vitest';

import type { PageMeta } from '@bloomline/contract';
import { buildPageMeta } from '@bloomline/contract';

type Reply = { status?: number; body?: unknown };
/** Answers a request: the reply for its method and path, or 404. */
export type Handler = (url: URL, init: RequestInit) => Reply | undefined;

/** The address a fetch call was given, as a string. */
export const urlOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The JSON body a fetch call sent. */
export const bodyOf = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

/** The fields of a multipart body a fetch call sent, as name → value (the last one of a name). */
export const formOf = (init: RequestInit | undefined): Record<string, string> =>
  init?.body instanceof FormData
    ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]))
    : {};

/** Stubs fetch with JSON replies; the returned spy records every call. */
export function stubApi(handler: Handler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const reply = handler(url, init) ?? { status: 404, body: { message: 'Not Found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

/** The calls a stub saw, as 'METHOD /path?query'. */
export const callsOf = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.map(([input, init]) => {
    const url = new URL(urlOf(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });

/** A page of a Laravel paged list. */
export const pageOf = <T>(
  data: T[],
  { page = 1, total = data.length, path = '/api' }: { page?: number; total?: number; path?: string } = {},
): { data: T[]; meta: PageMeta } => ({
  data,
  meta: buildPageMeta({ page, perPage: 15, total, path }),
});

/** A 422 answer with Laravel's bag. */
export const invalid = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors },
});
