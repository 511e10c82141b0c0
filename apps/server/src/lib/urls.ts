import type { FastifyRequest } from 'fastify';

/** The shop's door (issue 34): paths outside the session, taking an API key; their query is never logged. */
export const KEY_PATH_PREFIX = '/api/intake/';

/** Where the demo catalogue's product pictures are served: this path and `<handle>.png`. */
export const PRODUCT_PICTURES_PATH = '/images/products/';

/**
 * `url` as an absolute address: one that already is stays as it is; a path is put after `appUrl` (APP_URL,
 * which may carry a path prefix of its own). Clients outside the browser (phone apps) need absolute URLs.
 */
export function absoluteUrl(appUrl: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return `${appUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Where a request was sent: its protocol and Host. Fastify takes them from `X-Forwarded-Proto` and
 * `X-Forwarded-Host` only when `TRUST_PROXY` is set (its `trustProxy` option); otherwise from the connection
 * and the `Host` header.
 */
export type RequestAddress = Pick<FastifyRequest, 'protocol' | 'host'>;

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else is put into a URL. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The address an answer's absolute URLs start with (issue 19): `APP_URL` when it is set; otherwise the
 * request's own protocol and host, so pictures load at whatever address the app was opened by (localhost, a
 * LAN address, a tunnel) and the page's `img-src 'self'` allows them. `fallback` (the default APP_URL) when the
 * request names no usable host.
 */
export function baseUrlOf(request: RequestAddress, configured: string | undefined, fallback: string): string {
  if (configured) return configured;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${protocol}://${host}` : fallback;
}
