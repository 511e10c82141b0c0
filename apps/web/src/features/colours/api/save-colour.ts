import type { Colour, ColourBody } from '@bloomline/contract';

import { api } from '@/api/client';

/**
 * POST /api/colours, or POST /api/colours/{id} with `_method=PUT`: multipart, as the original client sends
 * it.
 */
export const saveColour = (values: ColourBody, id?: number) =>
  (id === undefined
    ? api.form<{ data: Colour }>('/api/colours', values)
    : api.form<{ data: Colour }>(`/api/colours/${id}`, values, { method: 'PUT' })
  ).then((r) => r.data);
