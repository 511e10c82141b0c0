/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js): the app shell from the
// precache, the signed-in user's last reads for offline use, and the new-order push messages.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import {
  isOfflineRead,
  isSessionChange,
  OFFLINE_DATA_CACHE,
  SAVED_AT_HEADER,
  SERVER_PATHS,
} from './pwa/offline-data';
// Types only: the worker carries no schema code; the shapes are the contract's (packages/contract notifications.ts).
import type { PushClientMessage, PushMessage } from '@bloomline/contract';

declare const self: ServiceWorkerGlobalScope;

// The build's files (hashed scripts and styles, index.html, icons, the manifest). A new release installs
// beside the old one and waits: it takes over only when the user chooses Reload (SKIP_WAITING below), and
// every open window then reloads, so no window runs old code against new files.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Only the first install finds windows without a worker: it takes them at once, so the first visit's reads
// are kept for offline use. An update activates only after SKIP_WAITING, and its windows reload.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every screen's address opens the app from the precache, with or without a network; the server's own
// addresses (the API, CSRF, Xero's return, health) always go to the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// --- The last reads, for offline use ------------------------------------------------------------------

/**
 * Network first, always: a fresh answer is returned as it is (and a copy kept); only when the network fails
 * does the kept copy answer, marked with the time it was saved, so the app says the data is not live.
 */
async function offlineRead(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const cache = await caches.open(OFFLINE_DATA_CACHE);
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
  if (response.status === 401) {
    await caches.delete(OFFLINE_DATA_CACHE);
  } else if (response.ok && response.headers.get('content-type')?.includes('application/json')) {
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    const copy = new Response(await response.clone().blob(), { status: response.status, headers });
    await (await caches.open(OFFLINE_DATA_CACHE)).put(request, copy);
  }
  return response;
}

/** Sign-in and sign-out: the kept reads were another session's, so they go whatever the answer. */
async function sessionChange(request: Request): Promise<Response> {
  await caches.delete(OFFLINE_DATA_CACHE);
  try {
    return await fetch(request);
  } finally {
    await caches.delete(OFFLINE_DATA_CACHE);
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.method === 'GET' && isOfflineRead(url.pathname)) {
    event.respondWith(offlineRead(event.request));
  } else if (event.request.method === 'POST' && isSessionChange(url.pathname)) {
    event.respondWith(sessionChange(event.request));
  }
});

// --- New-order alerts -----------------------------------------------------------------------------------

/** An address of this app (a path), or the dashboard: a push never opens another site. */
function appUrl(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin) return url.pathname + url.search + url.hash;
  }
  return '/dashboard';
}

function readPush(data: PushMessageData | null): PushMessage | null {
  try {
    const value = data?.json() as Partial<PushMessage> | undefined;
    if (!value || typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      url: appUrl(value.url),
      ...(typeof value.tag === 'string' ? { tag: value.tag } : {}),
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  if (!payload) return;
  const message: PushClientMessage = { type: 'new-order', url: payload.url };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/pwa-192x192.png',
        badge: '/pwa-192x192.png',
        tag: payload.tag,
        data: { url: payload.url },
      }),
      // The open app updates its list and rings at once.
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((windows) => windows.forEach((w) => w.postMessage(message))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        try {
          await open.focus();
          await open.navigate(url);
          return;
        } catch {
          // A window this worker does not control cannot be navigated: open the order in a new one.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
