import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness } from './test/harness';
import type { Harness } from './test/harness';

// A built web app as `vite build` leaves it: hashed assets with .br and .gz copies beside them.
const SCRIPT = `console.log(${JSON.stringify('bloom '.repeat(400))});`;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const DASHBOARD = INDEX.replace('</body>', '<link rel="modulepreload" href="/assets/dash.js"></body>');
const WORKER = 'self.addEventListener("push", () => {});';
const MANIFEST = JSON.stringify({ name: 'Bloomline', start_url: '/dashboard' });

describe('the built web app', () => {
  let h: Harness;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const asset = path.join(dist, 'assets', 'index-AbC123.js');
    writeFileSync(asset, SCRIPT);
    writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'dashboard.html'), DASHBOARD);
    writeFileSync(path.join(dist, 'sw.js'), WORKER);
    writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    h = await createHarness({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    h.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset brotli- or gzip-compressed as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the asset as it is to a client that accepts no compression', async () => {
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('has index.html revalidated on every visit, directly and as the screens’ fallback', async () => {
    for (const url of ['/index.html', '/login', '/orders/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toContain('<div id="root">');
    }
  });

  it('opens a screen the build wrote a page for (its code preloaded) with that page', async () => {
    for (const url of ['/dashboard', '/dashboard?status=new']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toBe(DASHBOARD);
    }
    expect((await get('/dashboard/x')).payload).toBe(INDEX);
  });

  it('sends the service worker and the manifest as themselves, revalidated on every visit', async () => {
    // A cached worker would hold a release back; the browser checks sw.js on each visit only if it may.
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.payload).toBe(WORKER);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.payload)).toMatchObject({ start_url: '/dashboard' });
  });

  it('lets the worker and the manifest load under the content security policy (same origin)', async () => {
    const csp = String((await get('/login')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });
});
