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

import { errorResponses } from '../../lib/responses';
import { formsPlugin, spoofable } from '../../plugins/forms';
import { currentUser, guardModule, requireStaff, requireUser } from '../../plugins/session';
import { idParams } from '@bloomline/contract';
import type { LocationsService } from './locations.service';

const tags = ['locations'];

/** Locations and the place pickers: staff only, guarded once for the whole module. */
export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  guardModule(app, requireStaff);
  // This module's writes come as forms too (multipart, as the original client sends them).
  await app.register(formsPlugin);

  app.get(
    '/api/locations',
    {
      schema: {
        tags,
        summary: 'Locations, searched by name, paged',
        querystring: locationListRequest,
        response: { 200: paged(locationListItem) },
      },
    },
    async (request) => locations.list(request.query),
  );

  app.get(
    '/api/locations/:id',
    {
      schema: {
        tags,
        summary: 'One location',
        params: idParams,
        response: { 200: dataOf(location) },
      },
    },
    async (request) => ({ data: await locations.get(request.params.id) }),
  );

  app.post(
    '/api/locations',
    {
      schema: {
        tags,
        summary: 'Create a location (multipart, urlencoded or JSON)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: locationBody,
        response: { 201: dataOf(location) },
      },
    },
    async (request, reply) => {
      const created = await locations.create(currentUser(request).id, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.route({
    ...spoofable('PUT'),
    url: '/api/locations/:id',
    schema: {
      tags,
      summary: 'Update a location (PUT, or POST with _method=PUT)',
      consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
      params: idParams,
      body: locationBody,
      response: { 200: dataOf(location), ...errorResponses(405) },
    },
    handler: async (request) => ({
      data: await locations.update(currentUser(request).id, request.params.id, request.body),
    }),
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
