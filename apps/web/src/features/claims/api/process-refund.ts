import type { ProcessRefundBody } from '@bloomline/contract';
import { claimRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** PUT /api/v2/orders/refunds/{id}: only while no one is responsible; a 409 (already processed) the dialog shows. */
export const processRefund = (id: number, body: ProcessRefundBody, idempotencyKey?: string) =>
  call(claimRoutes.processRefundV2, { params: { id }, body }, { handles: [409], idempotencyKey }).then(
    (r) => r.data,
  );
