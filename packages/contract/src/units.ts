import { z } from 'zod';

import { dataOf } from './paging';
import { recordRoutes } from './record-routes';
import { route } from './routes';
import { requiredString } from './validation';

/** A unit of measure ("Stem", "Bunch"): what component units count in. */
export const measureUnit = z.object({ id: z.number(), name: z.string(), short_code: z.string() });
export type MeasureUnit = z.infer<typeof measureUnit>;

/** POST /api/measure-units and PUT /api/measure-units/{id}. */
export const measureUnitBody = z.object({ name: requiredString(100), short_code: requiredString(20) });
export type MeasureUnitBody = z.input<typeof measureUnitBody>;

export const MEASURE_UNIT_HINTS = {
  name: 'Please enter a clear descriptive name',
  short_code: 'Enter a identifying short code for your unit of measure',
} as const;

/** The units' routes (staff only; the update also answers POST with `_method=PUT`). */
export const unitRoutes = {
  list: route({ method: 'GET', path: '/api/measure-units', answer: dataOf(z.array(measureUnit)) }),
  ...recordRoutes('/api/measure-units', { record: measureUnit, body: measureUnitBody }, [
    'create',
    'update',
    'remove',
  ]),
};
