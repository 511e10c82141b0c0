import { claimRoutes } from '@bloomline/contract';
import type { OpenRefundBody, OpenReturnBody } from '@bloomline/contract';

import { call } from '@/api/call';

/** Staff open a return of delivered lines, open until processed. */
export const openReturn = (orderId: number, body: OpenReturnBody, idempotencyKey?: string) =>
  call(claimRoutes.openReturn, { params: { id: orderId }, body }, { idempotencyKey }).then((r) => r.data);

/** Staff open a refund of delivered lines, unprocessed until processed. */
export const openRefund = (orderId: number, body: OpenRefundBody, idempotencyKey?: string) =>
  call(claimRoutes.openRefund, { params: { id: orderId }, body }, { idempotencyKey }).then((r) => r.data);
