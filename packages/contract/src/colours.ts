import { z } from 'zod';

import { idParams } from './fields';
import { dataOf } from './paging';
import { route } from './routes';
import { requiredString } from './validation';

/** A colour components come in ("Red", "Clear"): the florist's guideline names it. */
export const colour = z.object({ id: z.number(), name: z.string() });
export type Colour = z.infer<typeof colour>;

/** POST /api/colours and the spoofed PUT /api/colours/{id} (multipart, as the original client sends). */
export const colourBody = z.object({ name: requiredString(100) });
export type ColourBody = z.input<typeof colourBody>;

/** The colours' routes (staff only; the writes also come as forms, the update as POST with `_method=PUT`). */
export const colourRoutes = {
  list: route({ method: 'GET', path: '/api/colours', answer: dataOf(z.array(colour)) }),
  get: route({ method: 'GET', path: '/api/colours/:id', params: idParams, answer: dataOf(colour) }),
  create: route({ method: 'POST', path: '/api/colours', body: colourBody, answer: dataOf(colour) }),
  update: route({
    method: 'PUT',
    path: '/api/colours/:id',
    params: idParams,
    body: colourBody,
    answer: dataOf(colour),
  }),
  remove: route({ method: 'DELETE', path: '/api/colours/:id', params: idParams }),
};
