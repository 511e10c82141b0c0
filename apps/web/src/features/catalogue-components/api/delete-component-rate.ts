import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';

import { useRatesChanged } from './save-component-rate';

/** A rate that product variants use is refused with a 409 saying how many: the dialog shows it. */
export const deleteComponentRate = (componentId: number, rateId: number) =>
  api.delete<void>(`/api/components/${componentId}/rates/${rateId}`, { handles: [409] });

export function useDeleteComponentRate(componentId: number) {
  const changed = useRatesChanged(componentId);
  return useMutation({
    mutationFn: (rateId: number) => deleteComponentRate(componentId, rateId),
    onSuccess: changed,
  });
}
