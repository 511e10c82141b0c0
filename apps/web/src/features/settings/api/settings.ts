import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Repriced, StatementsFeature, VatBody, VatRate } from '@bloomline/contract';

import { api } from '@/api/client';
import { resourceKeys } from '@/lib/query-keys';

export const settingsKeys = resourceKeys('settings');

/** GET /api/settings/vat: the VAT rate every price is built with (a fraction). */
export const vatQuery = queryOptions({
  queryKey: [...settingsKeys.all, 'vat'] as const,
  queryFn: ({ signal }) => api.get<{ data: VatRate }>('/api/settings/vat', { signal }).then((r) => r.data),
});
export const useVat = () => useQuery(vatQuery);

/** PUT /api/settings/vat: the new rate, and what it repriced. */
export const saveVat = (body: VatBody) =>
  api.put<{ data: VatRate; repriced?: Repriced }>('/api/settings/vat', body);

/** GET /api/settings/statements: whether partners see the full monthly statements. */
export const statementsQuery = queryOptions({
  queryKey: [...settingsKeys.all, 'statements'] as const,
  queryFn: ({ signal }) =>
    api.get<{ data: StatementsFeature }>('/api/settings/statements', { signal }).then((r) => r.data),
});
export const useStatementsFeature = () => useQuery(statementsQuery);

/** PUT /api/settings/statements. */
export const saveStatementsFeature = (statements: boolean) =>
  api.put<{ data: StatementsFeature }>('/api/settings/statements', { statements });
