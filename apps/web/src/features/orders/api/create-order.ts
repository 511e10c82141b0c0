import { orderRoutes, type OrderEntryInput } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/orders: staff enter an order taken by phone (issue 34); the answer is the new order. */
export const createOrder = (body: OrderEntryInput) => call(orderRoutes.create, { body }).then((r) => r.data);
