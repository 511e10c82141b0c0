import type { ColourBody } from '@bloomline/contract';
import { colourRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/**
 * POST /api/colours, or POST /api/colours/{id} with `_method=PUT`: multipart, as the original client sends
 * it.
 */
export const saveColour = (values: ColourBody, id?: number) =>
  (id === undefined
    ? call(colourRoutes.create, { body: values }, { form: true })
    : call(colourRoutes.update, { params: { id }, body: values }, { form: true })
  ).then((r) => r.data);
