import { z } from 'zod';

import { idField, text } from './fields';
import { formNumber, formOptional } from './forms';
import { dataOf, given, listRequest, paged } from './paging';
import { recordRoutes } from './record-routes';
import { route } from './routes';
import { optionalString, requiredString } from './validation';

export const LOCATION_TYPES = ['country', 'province', 'city', 'suburb'] as const;
export const locationType = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof locationType>;

/** Which type a location's parent must have: a suburb lies in a city, a city in a province … */
export const PARENT_TYPE: Record<LocationType, LocationType | null> = {
  country: null,
  province: 'country',
  city: 'province',
  suburb: 'city',
};

/** A URL slug: lower-case letters and digits in words joined by single hyphens. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Sea Point (Cape Town)" → "sea-point-cape-town": the handle a new location is offered (and the seed's). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 255)
    .replace(/-+$/, '');
}

const place = z.object({ id: z.number(), name: z.string() });

/** A row of the locations list. */
export const locationListItem = z.object({
  id: z.number(),
  name: z.string(),
  locationType,
  handle: z.string(),
  parent: place.nullable(),
});
export type LocationListItem = z.infer<typeof locationListItem>;

export const location = locationListItem.extend({
  header1: z.string().nullable(),
  header2: z.string().nullable(),
  header3: z.string().nullable(),
  title: z.string().nullable(),
  seoDescription: z.string().nullable(),
  content: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Location = z.infer<typeof location>;

export const LOCATION_SORTS = ['name', 'location_type', 'created_at'] as const;
const locationList = listRequest({
  sorts: LOCATION_SORTS,
  sort: 'name',
  filters: { type: given(locationType.optional()) },
});
/** GET /api/locations as the server reads it. */
export const locationListRequest = locationList.strict;
/** The same, read leniently from the web's address bar. */
export const locationListQuery = locationList.lenient;
export type LocationListQuery = z.infer<typeof locationListRequest>;

const coordinate = (limit: number) => formNumber().pipe(z.number().min(-limit).max(limit).nullable());

/**
 * POST /api/locations and the spoofed PUT: the fields as the form sends them (snake_case, as the original
 * client does). A blank handle is made from the name.
 */
export const locationBody = z.object({
  name: requiredString(255),
  location_type: locationType,
  parent_id: formOptional(idField()),
  handle: formOptional(
    text(255).regex(HANDLE_PATTERN, {
      message: ':Attribute can only contain lower-case letters, numbers and single dashes.',
    }),
  ),
  header1: optionalString(255),
  header2: optionalString(255),
  header3: optionalString(255),
  title: optionalString(255),
  seo_description: optionalString(1000),
  content: optionalString(65535),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
export type LocationBody = z.input<typeof locationBody>;
export type LocationInput = z.output<typeof locationBody>;

/** GET /api/provinces, /api/cities, /api/suburbs: the pickers of the partner form. */
export const placeItem = z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() });
export type PlaceItem = z.infer<typeof placeItem>;
export const suburbsQuery = z.object({ city: given(idField().optional()) });
/** GET /api/cities: optionally the cities of one province. */
export const citiesQuery = z.object({ province: given(idField().optional()) });

const places = dataOf(z.array(placeItem));

/**
 * The locations' routes (staff only; the writes also come as forms, the update as POST with `_method=PUT`),
 * and the place pickers' (any signed-in user).
 */
export const locationRoutes = {
  list: route({
    method: 'GET',
    path: '/api/locations',
    query: locationListRequest,
    answer: paged(locationListItem),
  }),
  ...recordRoutes('/api/locations', { record: location, body: locationBody }, ['get', 'create', 'update']),
  provinces: route({ method: 'GET', path: '/api/provinces', answer: places }),
  cities: route({ method: 'GET', path: '/api/cities', query: citiesQuery, answer: places }),
  suburbs: route({ method: 'GET', path: '/api/suburbs', query: suburbsQuery, answer: places }),
};
