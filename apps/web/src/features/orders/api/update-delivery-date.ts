import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/api/client';

import { invalidateOrder, type ActionResult } from './invalidate-order';

/** PUT /api/orders/:id/delivery-date {deliveryDate: 'YYYY-MM-DD'} (staff). */
export const updateDeliveryDate = (orderId: number, deliveryDate: string) =>
  api.put<ActionResult>(`/api/orders/${orderId}/delivery-date`, { deliveryDate }, { handles: [409] });

export function useUpdateDeliveryDate(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryDate: string) => updateDeliveryDate(orderId, deliveryDate),
    onSuccess: () => invalidateOrder(queryClient, orderId),
  });
}
