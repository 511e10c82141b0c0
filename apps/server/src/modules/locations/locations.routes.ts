import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { locationRoutes } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { LocationsService } from './locations.service';

const tags = ['locations'];

/**
 * Locations: staff only, guarded once for the whole module; the writes come as forms. Each route is the
 * contract's (`locationRoutes`).
 */
export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.serve(locationRoutes.list, { summary: 'Locations, searched by name, paged' }, ({ query, path }) =>
    locations.list(query, path),
  );
  routes.serve(locationRoutes.get, { summary: 'One location' }, async ({ params }) => ({
    data: await locations.get(params.id),
  }));
  routes.serve(
    locationRoutes.create,
    { summary: 'Create a location (multipart, urlencoded or JSON)', created: true },
    async ({ user, body }) => ({ data: await locations.create(user.id, body) }),
  );
  routes.serve(
    locationRoutes.update,
    { summary: 'Update a location (PUT, or POST with _method=PUT)', spoofable: true },
    async ({ user, params, body }) => ({ data: await locations.update(user.id, params.id, body) }),
  );
};

/**
 * The province, city and suburb pickers: any signed-in user, as a partner user's own profile form picks
 * its address from them too (the places are public geography, no record of anyone's).
 */
export const placesRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  guardModule(app, requireUser);
  const routes = await areaRoutes(app, { tags });

  routes.serve(locationRoutes.provinces, { summary: 'Every province, by name' }, async () => ({
    data: await locations.places('province'),
  }));
  routes.serve(
    locationRoutes.cities,
    { summary: 'Cities, optionally of one province' },
    async ({ query }) => ({ data: await locations.places('city', query.province) }),
  );
  routes.serve(locationRoutes.suburbs, { summary: 'Suburbs, optionally of one city' }, async ({ query }) => ({
    data: await locations.places('suburb', query.city),
  }));
};
