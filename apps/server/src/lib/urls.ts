/**
 * `url` as an absolute address: one that already is stays as it is; a path is put after `appUrl` (APP_URL,
 * which may carry a path prefix of its own). Clients outside the browser (phone apps) need absolute URLs.
 */
export function absoluteUrl(appUrl: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return `${appUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}
