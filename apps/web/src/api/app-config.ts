import { queryOptions } from '@tanstack/react-query';

import type { systemRoutes } from '@bloomline/contract';

import { appConfigKey } from '@/lib/query-keys';

import { call, refOf } from './call';

/** By reference: the sign-in screen reads it, and loads no schema (`refOf`). */
const CONFIG = refOf<(typeof systemRoutes)['config']>({ method: 'GET', path: '/api/config' });

export const appConfigQuery = queryOptions({
  queryKey: appConfigKey(),
  queryFn: () => call(CONFIG, {}).then((r) => r.data),
  staleTime: Infinity,
});
