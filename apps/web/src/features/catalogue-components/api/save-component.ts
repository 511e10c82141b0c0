import type { ComponentBody } from '@bloomline/contract';
import { componentRoutes } from '@bloomline/contract';

import { call, type CallOptions } from '@/api/call';

/**
 * POST /api/components, or PUT /api/components/{id} (JSON). The fields are componentBody's. `opts.handles`
 * names statuses the caller shows itself (the bulk edit shows a failure in its row, not the error screen).
 */
export const saveComponent = (values: ComponentBody, id?: number, opts?: CallOptions) =>
  (id === undefined
    ? call(componentRoutes.create, { body: values }, opts)
    : call(componentRoutes.update, { params: { id }, body: values }, opts)
  ).then((r) => r.data);
