import type { MeasureUnit, MeasureUnitBody } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/measure-units, or PUT /api/measure-units/{id} when `id` is given. */
export const saveUnit = (values: MeasureUnitBody, id?: number) =>
  (id === undefined
    ? api.post<{ data: MeasureUnit }>('/api/measure-units', values)
    : api.put<{ data: MeasureUnit }>(`/api/measure-units/${id}`, values)
  ).then((r) => r.data);
