import { eq } from 'drizzle-orm';

import { PARENT_TYPE, slugify, MESSAGES } from '@bloomline/contract';
import type { Location, LocationInput, LocationListQuery, LocationType } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { locations } from '../../db/schema';
import { auditTrail } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import {
  childCount,
  handlesLike,
  locationById,
  locationCount,
  locationPage,
  placesOf,
  typeOf,
} from './locations.queries';

async function detail(db: DbOrTx, id: number): Promise<Location> {
  const { parentId: _parentId, ...location } = found(await locationById(db, id));
  return location;
}

/** The stored row of a location as the audit log records it (its updatedAt too, as it always has). */
const trail = auditTrail(
  'location',
  ({ id: _id, createdAt: _createdAt, ...values }: typeof locations.$inferSelect) => values,
);

/** A suburb lies in a city, a city in a province, a province in a country; a country in nothing. */
async function checkParent(db: DbOrTx, type: LocationType, parentId: number | null, selfId?: number) {
  const wanted = PARENT_TYPE[type];
  if (wanted === null) {
    if (parentId !== null) throw ValidationError.field('parent_id', 'A country has no parent.');
    return;
  }
  if (parentId === null) throw ValidationError.field('parent_id', `The parent must be a ${wanted}.`);
  if (parentId === selfId) throw ValidationError.field('parent_id', 'A location cannot lie in itself.');
  const actual = await typeOf(db, parentId);
  if (actual === null) throw ValidationError.field('parent_id', MESSAGES.invalidChoice);
  if (actual !== wanted) throw ValidationError.field('parent_id', `The parent must be a ${wanted}.`);
}

/** The handle given, or the name's slug with the first free number after it. */
async function handleFor(db: DbOrTx, input: LocationInput): Promise<string> {
  if (input.handle) return input.handle;
  const base = slugify(input.name);
  if (!base) throw ValidationError.field('handle', MESSAGES.required);
  const taken = await handlesLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${String(n)}`)) return `${base}-${String(n)}`;
}

const columnsOf = (input: LocationInput, handle: string) => ({
  name: input.name,
  locationType: input.location_type,
  parentId: input.parent_id,
  handle,
  header1: input.header1,
  header2: input.header2,
  header3: input.header3,
  title: input.title,
  seoDescription: input.seo_description,
  content: input.content,
  latitude: input.latitude,
  longitude: input.longitude,
});

/** Locations: country > province > city > suburb, each with the texts of its public page. */
export function createLocationsService({ db }: { db: Db }) {
  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: LocationListQuery, path: string) =>
      pageOf(request, path, {
        rows: (page) => locationPage(db, request, page),
        count: () => locationCount(db, request),
      }),

    get: (id: number) => detail(db, id),

    places: (type: LocationType, parentId?: number) => placesOf(db, type, parentId),

    create: (userId: number, input: LocationInput) =>
      db.transaction(async (tx) => {
        await checkParent(tx, input.location_type, input.parent_id);
        const [row] = await tx
          .insert(locations)
          .values(columnsOf(input, await handleFor(tx, input)))
          .returning();
        if (!row) throw new Error('insert returned no row');
        await trail.created(tx, { userId, record: row, message: `Location ${row.name} created.` });
        return detail(tx, row.id);
      }),

    update: (userId: number, id: number, input: LocationInput) =>
      db.transaction(async (tx) => {
        const before = found(
          (await tx.select().from(locations).where(eq(locations.id, id)).for('update'))[0],
        );
        await checkParent(tx, input.location_type, input.parent_id, id);
        if (before.locationType !== input.location_type) {
          const children = await childCount(tx, id);
          if (children > 0) {
            throw ValidationError.field(
              'location_type',
              `The location type cannot change while ${String(children)} location${children === 1 ? ' lies' : 's lie'} in it.`,
            );
          }
        }
        const handle = input.handle ?? before.handle;
        const [after] = await tx
          .update(locations)
          .set(columnsOf(input, handle))
          .where(eq(locations.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, { userId, before, after, message: `Location ${after.name} updated.` });
        return detail(tx, id);
      }),
  };
}
export type LocationsService = ReturnType<typeof createLocationsService>;
