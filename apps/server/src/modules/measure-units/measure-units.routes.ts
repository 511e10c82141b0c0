import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParams, measureUnit, measureUnitBody } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { MeasureUnitsService } from './measure-units.service';

/** Units of measure: staff only, guarded once for the whole module; the writes come as forms. */
export const measureUnitsRoutes: FastifyPluginAsyncZod<{ measureUnits: MeasureUnitsService }> = async (
  app,
  { measureUnits },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['catalogue'], forms: true });
  const one = '/api/measure-units/:id';

  routes.read(
    '/api/measure-units',
    { summary: 'Every unit of measure, by name', data: z.array(measureUnit) },
    () => measureUnits.list(),
  );
  routes.create(
    '/api/measure-units',
    { summary: 'Create a unit of measure', body: measureUnitBody, data: measureUnit },
    ({ user, body }) => measureUnits.create(user.id, body),
  );
  routes.update(
    one,
    {
      summary: 'Update a unit of measure (PUT, or POST with _method=PUT)',
      spoofable: true,
      params: idParams,
      body: measureUnitBody,
      data: measureUnit,
    },
    ({ user, params, body }) => measureUnits.update(user.id, params.id, body),
  );
  routes.remove(
    one,
    {
      summary: 'Delete a unit of measure (409 while component units use it)',
      params: idParams,
      errors: [409],
    },
    ({ user, params }) => measureUnits.remove(user.id, params.id),
  );
};
