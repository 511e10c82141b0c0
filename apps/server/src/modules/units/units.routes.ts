import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { unitRoutes } from '@bloomline/contract';

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
  routes.serve(unitRoutes.list, { summary: 'Every unit of measure, by name' }, async () => ({
    data: await measureUnits.list(),
  }));
  routes.serve(
    unitRoutes.create,
    { summary: 'Create a unit of measure', created: true },
    async ({ user, body }) => ({ data: await measureUnits.create(user.id, body) }),
  );
  routes.serve(
    unitRoutes.update,
    { summary: 'Update a unit of measure (PUT, or POST with _method=PUT)', spoofable: true },
    async ({ user, params, body }) => ({ data: await measureUnits.update(user.id, params.id, body) }),
  );
  routes.serve(
    unitRoutes.remove,
    { summary: 'Delete a unit of measure (409 while component units use it)', errors: [409] },
    async ({ user, params }) => {
      await measureUnits.remove(user.id, params.id);
    },
  );
};
