import { describe, expect, it } from 'vitest';

import * as contract from '@bloomline/contract';
import { alertRoutes, authRoutes, orderRoutes, pathWith, systemRoutes } from '@bloomline/contract';
import type { RouteDecl } from '@bloomline/contract';

import { isOfflineRead, isSessionChange, SERVER_PATHS } from './offline-data';

/** Every declaration of the contract's route table (each `…Routes` export, records of routes included). */
function declarations(): RouteDecl[] {
  const found: RouteDecl[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if ('method' in value && 'path' in value) found.push(value as RouteDecl);
    else Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(contract)) if (name.endsWith('Routes')) walk(value);
  return found;
}

const concrete = (decl: RouteDecl) => pathWith(decl.path.replace(/:(\w+)/g, ':id'), { id: 12 });

// The service worker keeps its paths as patterns, without the route table (which would bring zod into it): these
// tests hold them to the table, so a path changed there fails here.
describe('the service worker’s paths, against the route table', () => {
  it('leaves every declared route to the server (never the app’s shell)', () => {
    const routes = declarations();
    expect(routes.length).toBeGreaterThan(150);
    const shell = routes.filter((r) => !SERVER_PATHS.some((p) => p.test(concrete(r))));
    expect(shell.map((r) => r.path)).toEqual([]);
  });

  it('keeps for offline use the reads the partner’s screens need, and nothing that changes anything', () => {
    const reads: RouteDecl[] = [
      authRoutes.me,
      systemRoutes.config,
      orderRoutes.dashboard,
      orderRoutes.list,
      orderRoutes.get,
      orderRoutes.history,
      orderRoutes.rejectReasons,
      alertRoutes.preferences,
    ];
    expect(reads.filter((r) => !isOfflineRead(concrete(r))).map((r) => r.path)).toEqual([]);
    const others = declarations().filter((r) => !reads.includes(r) && isOfflineRead(concrete(r)));
    expect(others.map((r) => `${r.method} ${r.path}`)).toEqual([
      // Writes to the same addresses as kept reads: the worker keeps GETs only (sw.ts).
      'POST /api/orders',
      'PUT /api/notifications/preferences',
    ]);
  });

  it('forgets what it kept when the session changes', () => {
    expect(isSessionChange(authRoutes.login.path)).toBe(true);
    expect(isSessionChange(authRoutes.logout.path)).toBe(true);
    expect(isSessionChange(authRoutes.me.path)).toBe(false);
  });
});
