import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { orderKeys } from '@/lib/query-keys';

import { call } from './call';

/** The on-pay calculation as labelled rows, in the server's order (rand amounts). */
export type OnPaymentRows = Record<string, number>;

export const getOrderOnpay = (id: number, signal?: AbortSignal) =>
  call(orderRoutes.onPayment, { params: { id } }, { signal }).then((r) => r.data);

export const orderOnpayQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.onpay(id), queryFn: ({ signal }) => getOrderOnpay(id, signal) });

export const useOrderOnpay = (id: number) => useQuery(orderOnpayQueryOptions(id));
