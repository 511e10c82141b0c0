import type { Component, ComponentBody } from '@bloomline/contract';

import { api, type RequestOptions } from '@/api/client';

/**
 * POST /api/components, or PUT /api/components/{id} (JSON). The fields are componentBody's. `opts.handles`
 * names statuses the caller shows itself (the bulk edit shows a failure in its row, not the error screen).
 */
export const saveComponent = (values: ComponentBody, id?: number, opts?: RequestOptions) =>
  (id === undefined
    ? api.post<{ data: Component }>('/api/components', values, opts)
    : api.put<{ data: Component }>(`/api/components/${id}`, values, opts)
  ).then((r) => r.data);
