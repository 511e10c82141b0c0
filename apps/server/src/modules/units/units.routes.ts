import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { measureUnit, measureUnitBody } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { MeasureUnitsService } from './units.service';

/** Units of measure: staff only, guarded once for the whole module; the writes come as forms. */
export const measureUnitsRoutes: FastifyPluginAsyncZod<{ measureUnits: MeasureUnitsService }> = async (
  app,
  { measureUnits },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });
  routes.read(
    '/api/measure-units',
    { summary: 'Every unit of measure, by name', data: z.array(measureUnit) },
    () => measureUnits.list(),
  );
  routes.records('/api/measure-units', measureUnits, {
    body: measureUnitBody,
    record: measureUnit,
    spoofable: true,
    summaries: {
      create: 'Create a unit of measure',
      update: 'Update a unit of measure (PUT, or POST with _method=PUT)',
      remove: 'Delete a unit of measure (409 while component units use it)',
    },
    removeErrors: [409],
  });
};
