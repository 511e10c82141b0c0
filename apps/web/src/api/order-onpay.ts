import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';

import { orderKeys } from './order-keys';

/** The on-pay calculation as labelled rows, in the server's order (rand amounts). */
export type OnPaymentRows = Record<string, number>;

export const getOrderOnpay = (id: number, signal?: AbortSignal) =>
  api.get<{ data: OnPaymentRows }>(`/api/orders/${id}/onpayment`, { signal }).then((r) => r.data);

export const orderOnpayQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.onpay(id), queryFn: ({ signal }) => getOrderOnpay(id, signal) });

export const useOrderOnpay = (id: number) => useQuery(orderOnpayQueryOptions(id));
