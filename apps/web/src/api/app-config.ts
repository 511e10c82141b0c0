import { queryOptions } from '@tanstack/react-query';

import type { systemRoutes } from '@bloomline/contract';

import { call, refOf } from './call';

/** By reference: the sign-in screen reads it, and loads no schema (`refOf`). */
const CONFIG = refOf<(typeof systemRoutes)['config']>({ method: 'GET', path: '/api/config' });

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => call(CONFIG, {}).then((r) => r.data),
  staleTime: Infinity,
});
