// What the service worker and the page agree on about the answers kept for offline use (sw.ts imports this
// file too: keep it free of DOM and React, and of the route table's schemas; offline-data.test.ts checks these
// paths against the table).

/** The cache of the signed-in user's last answers; emptied on sign-in, sign-out and a 401. */
export const OFFLINE_DATA_CACHE = 'bloomline-offline-data';

/** Set by the service worker on an answer it took from the cache: when that answer was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'X-Bloomline-Saved-At';

/**
 * The reads the partner's screens need offline (who is signed in, the support contacts, the dashboard's
 * counts, the order lists, an order and its history, the reject reasons, the user's alert settings that the
 * partner's frame reads). Nothing else is ever cached.
 */
const OFFLINE_READS =
  /^\/api\/(?:me|config|dashboard|order-line-reject-reasons|notifications\/preferences|orders(?:\/\d+(?:\/history)?)?)$/;

export const isOfflineRead = (pathname: string) => OFFLINE_READS.test(pathname);

/** Drops the kept answers (the page calls it on sign-out; the worker does too, on the way). */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_DATA_CACHE);
}

/** Answers that change who is signed in: the kept answers belong to nobody after them. */
export const isSessionChange = (pathname: string) => pathname === '/api/login' || pathname === '/api/logout';

/** The addresses the server answers itself: never the app's shell, never precached. */
export const SERVER_PATHS = [
  /^\/api(?:\/|$)/,
  /^\/sanctum\//,
  /^\/xero(?:\/|$)/,
  /^\/health(?:\/|$)/,
  /^\/(?:ready|metrics)$/,
  // The products' pictures, which the server draws: opened in a tab of their own, the picture, not the app.
  /^\/images\/products\//,
];
