import { readdirSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The copies of index.html the web build writes for a screen (`dashboard.html`), which preload that screen's
 * code (apps/web/vite.config.ts `ROUTE_PAGES`).
 */
export function routePages(webDist: string): Set<string> {
  return new Set(readdirSync(webDist).filter((file) => file.endsWith('.html') && file !== 'index.html'));
}

/** The page a screen's address opens: its own copy of index.html where the build wrote one. */
export function pageFor(url: string, pages: Set<string>): string {
  const page = `${(url.split('?')[0] ?? '').slice(1)}.html`;
  return pages.has(page) ? page : 'index.html';
}

/** The built single-page app's files; index.html itself is the error handler's history fallback. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each text file: sent as they are, never compressed per request.
    preCompressed: true,
    // Hashed assets never change under their name; everything else (index.html) is revalidated every time.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
