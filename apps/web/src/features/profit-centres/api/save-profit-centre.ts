import type { ProfitCentre, ProfitCentreBody, ProfitCentreSaved } from '@bloomline/contract';

import { api } from '@/api/client';

/**
 * POST /api/profit-centres, or PUT /api/profit-centres/{id} (JSON, fractions). An update answers what its
 * new markup or rebate repriced.
 */
export const saveProfitCentre = (values: ProfitCentreBody, id?: number): Promise<ProfitCentreSaved> =>
  id === undefined
    ? api.post<{ data: ProfitCentre }>('/api/profit-centres', values)
    : api.put<ProfitCentreSaved>(`/api/profit-centres/${id}`, values);
