import { z } from 'zod';

import { dataOf } from './paging';
import { recordRoutes } from './record-routes';
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
  ...recordRoutes('/api/colours', { record: colour, body: colourBody }, [
    'get',
    'create',
    'update',
    'remove',
  ]),
};
