import type { ComponentUnit, ComponentUnitBody } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/component-units (JSON). The fields are componentUnitBody's. */
export const saveComponentUnit = (values: ComponentUnitBody) =>
  api.post<{ data: ComponentUnit }>('/api/component-units', values).then((r) => r.data);
