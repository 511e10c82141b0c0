import { z } from 'zod';

import { requiredString } from './validation';

/** A colour components come in ("Red", "Clear"): the florist's guideline names it. */
export const colour = z.object({ id: z.number(), name: z.string() });
export type Colour = z.infer<typeof colour>;

/** POST /api/colours and the spoofed PUT /api/colours/{id} (multipart, as the original client sends). */
export const colourBody = z.object({ name: requiredString(100) });
export type ColourBody = z.input<typeof colourBody>;
