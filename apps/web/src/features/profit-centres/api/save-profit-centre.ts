import type { ProfitCentreBody, ProfitCentreSaved } from '@bloomline/contract';
import { profitCentreRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * POST /api/profit-centres, or PUT /api/profit-centres/{id} (JSON, fractions). An update answers what its
 * new markup or rebate repriced.
 */
export const saveProfitCentre = (values: ProfitCentreBody, id?: number): Promise<ProfitCentreSaved> =>
  id === undefined
    ? call(profitCentreRoutes.create, { body: values })
    : call(profitCentreRoutes.update, { params: { id }, body: values });
