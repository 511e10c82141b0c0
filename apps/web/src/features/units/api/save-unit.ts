import type { MeasureUnitBody } from '@bloomline/contract';
import { unitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/measure-units, or PUT /api/measure-units/{id} when `id` is given. */
export const saveUnit = (values: MeasureUnitBody, id?: number) =>
  (id === undefined
    ? call(unitRoutes.create, { body: values })
    : call(unitRoutes.update, { params: { id }, body: values })
  ).then((r) => r.data);
