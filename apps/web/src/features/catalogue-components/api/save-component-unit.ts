import type { ComponentUnitBody } from '@bloomline/contract';
import { componentUnitRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/component-units (JSON). The fields are componentUnitBody's. */
export const saveComponentUnit = (values: ComponentUnitBody) =>
  call(componentUnitRoutes.create, { body: values }).then((r) => r.data);
