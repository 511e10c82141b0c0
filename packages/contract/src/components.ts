import { z } from 'zod';

import { idField, idParams } from './fields';
import { formBoolean, formMoney, formQuantity } from './forms';
import { measureUnit } from './units';
import { dataOf, listRequest, paged } from './paging';
import { recordRoutes } from './record-routes';
import { route } from './routes';
import { requiredString } from './validation';

/** A quantity of a measure unit a component is sold in ("10 Stem"). */
export const componentUnit = z.object({
  id: z.number(),
  quantity: z.number(),
  measure_unit_id: z.number(),
  measureUnit: measureUnit,
});
export type ComponentUnit = z.infer<typeof componentUnit>;

/** POST /api/component-units. */
export const componentUnitBody = z.object({ quantity: formQuantity(), measure_unit_id: idField() });
export type ComponentUnitBody = z.input<typeof componentUnitBody>;

/** "10 Stem": how a component unit is named in pickers and lists. */
export const componentUnitLabel = (unit: { quantity: number; measureUnit: { name: string } }) =>
  `${String(unit.quantity)} ${unit.measureUnit.name}`;

/** A component: a priced building block of products (part 2, "Component"). Money in rand. */
export const component = z.object({
  id: z.number(),
  name: z.string(),
  wholesale_excl_vat: z.number(),
  container: z.boolean(),
  exclude_auto_calculations: z.boolean(),
  show_on_menu: z.boolean(),
  isCommission: z.boolean(),
  hasImage: z.boolean(),
  /** Where its picture is served (changes with the picture, so it may be cached for good); null without one. */
  imageUrl: z.string().nullable(),
  unit_id: z.number().nullable(),
  colour_id: z.number().nullable(),
  unit: z
    .object({ id: z.number(), name: z.string(), quantity: z.number(), measureUnit: measureUnit })
    .nullable(),
  colour: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** How many profit centres price it. */
  ratesCount: z.number(),
});
export type Component = z.infer<typeof component>;

export const COMPONENT_SORTS = ['name', 'wholesale_excl_vat'] as const;
const componentList = listRequest({ sorts: COMPONENT_SORTS, sort: 'name' });
/** GET /api/components?q&page&s&d as the server reads it (q: the name contains). */
export const componentListRequest = componentList.strict;
/** The same, read leniently from the web's address bar (the list and the bulk edit share it). */
export const componentListQuery = componentList.lenient;
export type ComponentListQuery = z.infer<typeof componentListRequest>;

/**
 * POST /api/components and PUT /api/components/{id}, as JSON or a form. Name and wholesale price are
 * required; a flag or a reference left out keeps its value on an update (the defaults on create: shown on
 * the menu, the others off); a blank `unit_id`/`colour_id` clears it.
 */
export const componentBody = z.object({
  name: requiredString(255),
  wholesale_excl_vat: formMoney(),
  container: formBoolean().optional(),
  exclude_auto_calculations: formBoolean().optional(),
  show_on_menu: formBoolean().optional(),
  is_commission: formBoolean().optional(),
  unit_id: z.preprocess((v) => (v === '' ? null : v), idField().nullable()).optional(),
  colour_id: z.preprocess((v) => (v === '' ? null : v), idField().nullable()).optional(),
});
export type ComponentBody = z.input<typeof componentBody>;
export type ComponentInput = z.output<typeof componentBody>;

/** A component's picture (part 2, point 5): JPEG or PNG, by content, at most this many bytes. */
export const COMPONENT_IMAGE_MAX_BYTES = 500_000;
export const COMPONENT_IMAGE_FIELD = 'image_file';
export const COMPONENT_IMAGE_MESSAGE =
  'The Image Size exceeds the allowable size please adjust the size and try again!';
/**
 * The longest side a picture may have, in pixels: more than any screen shows of a component, and a picture
 * declaring more would take a phone hundreds of megabytes to open (a few kilobytes of PNG can declare 20000 × 20000).
 */
export const COMPONENT_IMAGE_MAX_SIDE = 4096;
/** Said under the picture when it is larger than COMPONENT_IMAGE_MAX_SIDE. */
export const componentImageTooLargeMessage = (width: number, height: number) =>
  `This picture is ${String(width)} × ${String(height)} pixels. Please choose a picture of at most ${String(COMPONENT_IMAGE_MAX_SIDE)} pixels on each side.`;
export type ImageType = 'image/jpeg' | 'image/png';

/**
 * What a picture is, from its first bytes (never its name): JPEG starts FF D8 FF, PNG with its eight-byte
 * signature. The browser checks a chosen file with it before sending, the server every upload.
 */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return null;
}

/** Whether a picture may be uploaded: a JPEG or PNG by content, and not over the limit. */
export const isAcceptableImage = (bytes: Uint8Array) =>
  bytes.byteLength > 0 && bytes.byteLength <= COMPONENT_IMAGE_MAX_BYTES && imageTypeOf(bytes) !== null;

/** POST /api/components/{id}/image: the picture, as a multipart form's file. */
export const componentImageBody = z.object({
  [COMPONENT_IMAGE_FIELD]: z.unknown().describe('The picture: a JPEG or PNG file of at most 500,000 bytes'),
});
/**
 * GET /api/components/{id}/image?v: `v` is the picture's hash, as its address carries it. A malformed `v` is
 * only a different address: the picture is served, without the long cache.
 */
export const componentImageQuery = z.object({ v: z.string().max(100).optional().catch(undefined) });

/**
 * The components' routes and their pictures' (staff only; the writes come as JSON or forms, the picture as a
 * multipart file). The picture's GET answers the file itself (JPEG or PNG, or 304), so it declares no answer.
 */
export const componentRoutes = {
  list: route({
    method: 'GET',
    path: '/api/components',
    query: componentListRequest,
    answer: paged(component),
  }),
  ...recordRoutes('/api/components', { record: component, body: componentBody }, ['get', 'create', 'update']),
  image: route({
    method: 'GET',
    path: '/api/components/:id/image',
    params: idParams,
    query: componentImageQuery,
  }),
  uploadImage: route({
    method: 'POST',
    path: '/api/components/:id/image',
    params: idParams,
    body: componentImageBody,
    answer: dataOf(component),
  }),
  removeImage: route({ method: 'DELETE', path: '/api/components/:id/image', params: idParams }),
};

/** The component units' routes (staff only): the component form's unit picker and its new unit. */
export const componentUnitRoutes = {
  list: route({ method: 'GET', path: '/api/component-units', answer: dataOf(z.array(componentUnit)) }),
  create: route({
    method: 'POST',
    path: '/api/component-units',
    body: componentUnitBody,
    answer: dataOf(componentUnit),
  }),
};
