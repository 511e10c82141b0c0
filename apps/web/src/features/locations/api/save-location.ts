import type { LocationBody } from '@bloomline/contract';
import { locationRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * POST /api/locations, or POST /api/locations/{id} with `_method=PUT`: multipart, as the original client
 * sends it. The fields are locationBody's.
 */
export const saveLocation = (values: LocationBody, id?: number) =>
  (id === undefined
    ? call(locationRoutes.create, { body: values }, { form: true })
    : call(locationRoutes.update, { params: { id }, body: values }, { form: true })
  ).then((r) => r.data);
