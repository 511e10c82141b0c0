import { queryOptions, useQuery } from '@tanstack/react-query';

import type { VatBody } from '@bloomline/contract';
import { settingRoutes } from '@bloomline/contract';

import { call } from '@/api/call';
import { settingsKeys } from '@/lib/query-keys';

/** GET /api/settings/vat: the VAT rate every price is built with (a fraction). */
export const vatQuery = queryOptions({
  queryKey: settingsKeys.vat(),
  queryFn: ({ signal }) => call(settingRoutes.vat, {}, { signal }).then((r) => r.data),
});
export const useVat = () => useQuery(vatQuery);

/** GET /api/settings/vat/preview: what saving this rate would reprice (asked before saving: issue 46). */
export const previewVat = (query: VatBody) => call(settingRoutes.previewVat, { query }).then((r) => r.data);

/** PUT /api/settings/vat: the new rate, and what it repriced. */
export const saveVat = (body: VatBody) => call(settingRoutes.updateVat, { body });

/** GET /api/settings/statements: whether partners see the full monthly statements. */
export const statementsQuery = queryOptions({
  queryKey: settingsKeys.statements(),
  queryFn: ({ signal }) => call(settingRoutes.statements, {}, { signal }).then((r) => r.data),
});
export const useStatementsFeature = () => useQuery(statementsQuery);

/** PUT /api/settings/statements. */
export const saveStatementsFeature = (statements: boolean) =>
  call(settingRoutes.updateStatements, { body: { statements } });
