import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  citiesQuery,
  dataOf,
  location,
  locationBody,
  locationListItem,
  locationListRequest,
  paged,
  placeItem,
  suburbsQuery,
} from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff, requireUser } from '../../plugins/session';
import type { LocationsService } from './locations.service';

const tags = ['locations'];

/** Locations and the place pickers: staff only, guarded once for the whole module. */
export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags, forms: true });

  routes.read(
    '/api/locations',
    {
      summary: 'Locations, searched by name, paged',
      querystring: locationListRequest,
      answer: paged(locationListItem),
    },
    ({ query, path }) => locations.list(query, path),
  );
  routes.records('/api/locations', locations, {
    body: locationBody,
    record: location,
    spoofable: true,
    summaries: {
      get: 'One location',
      create: 'Create a location (multipart, urlencoded or JSON)',
      update: 'Update a location (PUT, or POST with _method=PUT)',
    },
  });
};

const places = z.array(placeItem);

/**
 * The province, city and suburb pickers: any signed-in user, as a partner user's own profile form picks
 * its address from them too (the places are public geography, no record of anyone's).
 */
export const placesRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  guardModule(app, requireUser);

  app.get(
    '/api/provinces',
    {
      schema: {
        tags,
        summary: 'Every province, by name',
        response: { 200: dataOf(places) },
      },
    },
    async () => ({ data: await locations.places('province') }),
  );
  app.get(
    '/api/cities',
    {
      schema: {
        tags,
        summary: 'Cities, optionally of one province',
        querystring: citiesQuery,
        response: { 200: dataOf(places) },
      },
    },
    async (request) => ({ data: await locations.places('city', request.query.province) }),
  );
  app.get(
    '/api/suburbs',
    {
      schema: {
        tags,
        summary: 'Suburbs, optionally of one city',
        querystring: suburbsQuery,
        response: { 200: dataOf(places) },
      },
    },
    async (request) => ({ data: await locations.places('suburb', request.query.city) }),
  );
};
