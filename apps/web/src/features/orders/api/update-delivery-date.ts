import { useMutation, useQueryClient } from '@tanstack/react-query';

import { orderRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

import { invalidateOrder } from './invalidate-order';

/** PUT /api/orders/:id/delivery-date {deliveryDate: 'YYYY-MM-DD'} (staff). */
export const updateDeliveryDate = (orderId: number, deliveryDate: string) =>
  call(orderRoutes.deliveryDate, { params: { id: orderId }, body: { deliveryDate } }, { handles: [409] });

export function useUpdateDeliveryDate(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryDate: string) => updateDeliveryDate(orderId, deliveryDate),
    onSuccess: () => invalidateOrder(queryClient, orderId),
  });
}
