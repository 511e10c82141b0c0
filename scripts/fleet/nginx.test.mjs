import { describe, expect, it } from 'vitest';

import { nginxPlan, siteConfig } from './nginx.mjs';

describe('nginx for the fleet', () => {
  it('is installed from Debian with apt-get when missing and we are root, else says what to run', () => {
    expect(nginxPlan({ exists: true, isRoot: false, hasApt: true })).toEqual({ action: 'ready' });
    expect(nginxPlan({ exists: false, isRoot: true, hasApt: true })).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'nginx'],
      ],
    });
    expect(nginxPlan({ exists: false, isRoot: false, hasApt: true })).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('sudo apt-get install -y nginx'),
    });
  });

  it("runs the repository's config with the fleet's instances and port", () => {
    const conf = siteConfig({ port: 3600, upstreams: [{ port: 3601 }, { port: 3602, down: true }] });
    expect(conf).toContain('listen 127.0.0.1:3600;');
    expect(conf.match(/^\s*server 127\.0\.0\.1:\d+.*$/gm)).toEqual([
      '    server 127.0.0.1:3601 max_fails=1 fail_timeout=5s;',
      '    server 127.0.0.1:3602 max_fails=1 fail_timeout=5s down;',
    ]);
    // Round robin (no ip_hash, hash or sticky), streams unbuffered, X-Forwarded-* set, no upstream keepalive.
    const directives = conf.replace(/#.*$/gm, '');
    expect(directives).not.toMatch(/ip_hash|^\s*hash |sticky|^\s*keepalive/m);
    expect(conf).toMatch(/location = \/api\/notifications\/stream \{[^}]*proxy_buffering off;/);
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'X-Request-Id'])
      expect(conf).toContain(`proxy_set_header ${header} `);
  });
});
