import type { HelmetOptions } from 'helmet';

import type { Config } from '../config';

/** Origins the map tiles come from, for the CSP: `{s}` subdomains become a wildcard. */
function tileOrigin(url: string): string | null {
  try {
    const u = new URL(url.replace('{s}.', 'a.').replace(/\{[a-z]+\}/g, '0'));
    return url.includes('{s}.') ? `${u.protocol}//*.${u.host.split('.').slice(1).join('.')}` : u.origin;
  } catch {
    return null;
  }
}

/** The origin (scheme, host, port) of an address, or null when it is none. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: Config): HelmetOptions['contentSecurityPolicy'] {
  const tiles = tileOrigin(config.mapTileUrl);
  const appOrigin = config.configuredAppUrl ? originOf(config.configuredAppUrl) : null;
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // APP_URL's own address too: the API's picture URLs use it when set, whatever address the page has.
      imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(appOrigin ? [appOrigin] : [])],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}
