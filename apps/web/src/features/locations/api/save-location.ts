import type { Location } from '@bloomline/contract';

import { api, type FormValue } from '@/api/client';

/**
 * POST /api/locations, or POST /api/locations/{id} with `_method=PUT`: multipart, as the original client
 * sends it. The fields are locationBody's.
 */
export const saveLocation = (values: Record<string, FormValue>, id?: number) =>
  (id === undefined
    ? api.form<{ data: Location }>('/api/locations', values)
    : api.form<{ data: Location }>(`/api/locations/${id}`, values, { method: 'PUT' })
  ).then((r) => r.data);
