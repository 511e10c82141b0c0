import { claimRoutes } from '@bloomline/contract';
import type { OpenRefundBody, OpenReturnBody } from '@bloomline/contract';

import { call } from '@/api/call';

/** Staff open a return of delivered lines, open until processed. */
export const openReturn = (orderId: number, body: OpenReturnBody) =>
  call(claimRoutes.openReturn, { params: { id: orderId }, body }).then((r) => r.data);

/** Staff open a refund of delivered lines, unprocessed until processed. */
export const openRefund = (orderId: number, body: OpenRefundBody) =>
  call(claimRoutes.openRefund, { params: { id: orderId }, body }).then((r) => r.data);
