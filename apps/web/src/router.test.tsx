import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

const flatten = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [route, ...(route.children ? flatten(route.children) : [])]);

describe('routes', () => {
  // Without one React Router warns on every full page load: "No `HydrateFallback` element provided".
  it('give every lazy route a HydrateFallback to show while its code loads', () => {
    const lazy = flatten(routes).filter((route) => route.lazy);
    expect(lazy.length).toBeGreaterThan(10);
    expect(lazy.filter((route) => !route.HydrateFallback)).toEqual([]);
  });

  it('open the returns and refunds screens at their addresses, not an order list of that status', () => {
    const last = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
    expect(last('/orders/returns')).toBe('/orders/returns');
    expect(last('/orders/returns/4')).toBe('/orders/returns/:returnId');
    expect(last('/orders/refunds')).toBe('/orders/refunds');
    expect(last('/orders/refunds/9')).toBe('/orders/refunds/:refundId');
    expect(last('/orders/open')).toBe('/orders/:status');
  });
});
