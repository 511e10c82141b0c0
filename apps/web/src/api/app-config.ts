import { queryOptions } from '@tanstack/react-query';

import type { AppConfig } from '@bloomline/contract';

import { api } from '@/api/client';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => api.get<{ data: AppConfig }>('/api/config').then((r) => r.data),
  staleTime: Infinity,
});
