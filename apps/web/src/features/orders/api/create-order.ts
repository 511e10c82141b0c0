import type { OrderDetail, OrderEntryInput } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/orders: staff enter an order taken by phone (issue 34); the answer is the new order. */
export const createOrder = (body: OrderEntryInput) =>
  api.post<{ data: OrderDetail }>('/api/orders', body).then((r) => r.data);
