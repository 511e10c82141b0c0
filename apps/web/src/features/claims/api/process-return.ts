import type { ProcessReturnBody } from '@bloomline/contract';
import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/orders/returns/{id}/process: only while open; a 409 (already processed) the dialog shows. */
export const processReturn = (id: number, body: ProcessReturnBody, idempotencyKey?: string) =>
  call(claimRoutes.processReturn, { params: { id }, body }, { handles: [409], idempotencyKey }).then(
    (r) => r.data,
  );
