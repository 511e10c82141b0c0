import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CompanyBody, CompanyListItem, Paged } from '@bloomline/contract';
import { companyRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { companyKeys } from '@/lib/query-keys';

/**
 * PUT /api/companies/{id} with exactly one field: an inline change. A 503 (setting an accounting contact
 * while the accounting service is not connected) shows beside the control that failed.
 */
export const saveCompany = (id: number, body: CompanyBody) =>
  call(companyRoutes.update, { params: { id }, body }, { handles: [503] }).then((r) => r.data);

/** One inline control's change of one company; each control keeps its own saving/saved/failed state. */
export function useSaveCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyBody) => saveCompany(id, body),
    onSuccess: (saved) => {
      // The row shows the saved values at once, without waiting for the list to load again.
      queryClient.setQueriesData<Paged<CompanyListItem>>({ queryKey: companyKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((c) => (c.id === saved.id ? saved : c)) } : page,
      );
      // Other copies are marked stale; the one on screen is already right, so it is not loaded again.
      return queryClient.invalidateQueries({ queryKey: companyKeys.lists(), refetchType: 'none' });
    },
  });
}
