import type { OpenRefundBody, OpenReturnBody, Refund, ReturnDetail } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/orders/{id}/returns (staff): a return of delivered lines, open until processed. */
export const openReturn = (orderId: number, body: OpenReturnBody) =>
  api.post<{ data: ReturnDetail }>(`/api/orders/${String(orderId)}/returns`, body).then((r) => r.data);

/** POST /api/orders/{id}/refunds (staff): a refund of delivered lines, unprocessed until processed. */
export const openRefund = (orderId: number, body: OpenRefundBody) =>
  api.post<{ data: Refund }>(`/api/orders/${String(orderId)}/refunds`, body).then((r) => r.data);
