import type { ProcessRefundBody, Refund } from '@bloomline/contract';

import { api } from '@/api/client';

/** PUT /api/v2/orders/refunds/{id}: only while no one is responsible; a 409 (already processed) the dialog shows. */
export const processRefund = (id: number, body: ProcessRefundBody) =>
  api.put<{ data: Refund }>(`/api/v2/orders/refunds/${id}`, body, { handles: [409] }).then((r) => r.data);
