import type { RouteObject } from 'react-router';
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
});
