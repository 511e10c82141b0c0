import { useMutation } from '@tanstack/react-query';

import { componentRateRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

import { useRatesChanged } from './save-component-rate';

/** A rate that product variants use is refused with a 409 saying how many: the dialog shows it. */
export const deleteComponentRate = (componentId: number, rateId: number) =>
  call(componentRateRoutes.remove, { params: { id: componentId, rateId } }, { handles: [409] });

export function useDeleteComponentRate(componentId: number) {
  const changed = useRatesChanged(componentId);
  return useMutation({
    mutationFn: (rateId: number) => deleteComponentRate(componentId, rateId),
    onSuccess: changed,
  });
}
