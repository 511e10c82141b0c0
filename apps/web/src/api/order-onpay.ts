import { queryOptions, useQuery } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from './call';
import { orderResourceKeys } from '@/lib/query-keys';

/** The on-pay calculation as labelled rows, in the server's order (rand amounts). */
export type OnPaymentRows = Record<string, number>;

/**
 * Under the order's detail key (the orders area's `orderKeys.detail(id)`), so a change that invalidates the
 * order refreshes its on pay wherever it is shown: the order's page and the accounting report's dialog.
 */
export const orderOnpayKey = (id: number) => [...orderResourceKeys.detail(id), 'onpay'] as const;

export const getOrderOnpay = (id: number, signal?: AbortSignal) =>
  call(orderRoutes.onPayment, { params: { id } }, { signal }).then((r) => r.data);

export const orderOnpayQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderOnpayKey(id), queryFn: ({ signal }) => getOrderOnpay(id, signal) });

export const useOrderOnpay = (id: number) => useQuery(orderOnpayQueryOptions(id));
