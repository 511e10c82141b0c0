import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config';
import { contentSecurityPolicy } from './content-security';
import { addSecurityHeaders } from './security-headers';

// Issue 39: the headers are worked out once at start-up instead of by a new helmet middleware per request. These
// are the values @fastify/helmet 13.2 sent for the same options, compared header by header when it was replaced.
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data: blob: https://tile.openstreetmap.org http://localhost:3000;object-src 'none';" +
    "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are on every answer, a missing page and an error included, as helmet writes them', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', APP_URL: 'http://localhost:3000' });
    const app = Fastify();
    addSecurityHeaders(app, {
      contentSecurityPolicy: contentSecurityPolicy(config),
      crossOriginEmbedderPolicy: false,
    });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    for (const url of ['/ok', '/missing', '/fails']) {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject(EXPECTED);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    await app.close();
  });
});
