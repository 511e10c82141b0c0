import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Db } from '../db/client';
import { keyHolder } from '../shared/api-keys';
import type { KeyHolder } from '../shared/api-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request to the shop's door was sent with (requireApiKey). */
    apiKey: KeyHolder | null;
  }
  interface FastifyInstance {
    checkApiKey: (authorization: string | undefined) => Promise<KeyHolder>;
  }
}

/**
 * The shop's door (issue 34): routes guarded by `requireApiKey` take an `Authorization: Bearer <key>` header
 * instead of a session. They are not session routes (plugins/session.ts `isSessionPath`): no cookie, no CSRF
 * token. A key in a query string is never read (and the request log leaves such a path's query out).
 */
export const apiKeyAuthPlugin = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('apiKey', null);
  app.decorate('checkApiKey', (authorization: string | undefined) => keyHolder(db, authorization));
});

/** The guard: 401 without a live key, 429 over the key's calls a minute; before the body is validated. */
export async function requireApiKey(request: FastifyRequest): Promise<void> {
  request.apiKey = await request.server.checkApiKey(request.headers.authorization);
}

/** The key holder of a request that passed `requireApiKey`. */
export function currentKey(request: FastifyRequest): KeyHolder {
  if (!request.apiKey) throw new Error('requireApiKey did not run');
  return request.apiKey;
}
