import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { LocationListQuery, LocationType } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { locations } from '../../db/schema';
import { searchWhere, sortBy, sqlInteger, totalRows } from '../../lib/paged-list';
import { countRows, firstOrNull } from '../../shared/rows';

const parent = alias(locations, 'parent');

const listColumns = {
  id: locations.id,
  name: locations.name,
  locationType: locations.locationType,
  handle: locations.handle,
  parent: sql<{ id: number; name: string } | null>`case when ${parent.id} is null then null
    else json_build_object('id', ${parent.id}, 'name', ${parent.name}) end`,
};

const SORTS = {
  name: locations.name,
  location_type: locations.locationType,
  created_at: locations.createdAt,
};

const listWhere = (request: LocationListQuery) =>
  and(
    searchWhere(request.q, [locations.name]),
    request.type ? eq(locations.locationType, request.type) : undefined,
  );

/** One page of locations with their parents' names, and the list's size, in one statement. */
export function locationPage(
  db: DbOrTx,
  request: LocationListQuery,
  page: { limit: number; offset: number },
) {
  return db
    .select({ ...listColumns, total_rows: totalRows() })
    .from(locations)
    .leftJoin(parent, eq(parent.id, locations.parentId))
    .where(listWhere(request))
    .orderBy(...sortBy(SORTS, request.s, request.d, locations.id))
    .limit(sqlInteger(page.limit))
    .offset(sqlInteger(page.offset));
}

export async function locationCount(db: DbOrTx, request: LocationListQuery): Promise<number> {
  return countRows(db, locations, listWhere(request));
}

export async function locationById(db: DbOrTx, id: number) {
  return firstOrNull(
    db
      .select({
        ...listColumns,
        parentId: locations.parentId,
        header1: locations.header1,
        header2: locations.header2,
        header3: locations.header3,
        title: locations.title,
        seoDescription: locations.seoDescription,
        content: locations.content,
        latitude: locations.latitude,
        longitude: locations.longitude,
      })
      .from(locations)
      .leftJoin(parent, eq(parent.id, locations.parentId))
      .where(eq(locations.id, id)),
  );
}

/** The locations of one type, optionally within one parent: the province, city and suburb pickers. */
export function placesOf(db: DbOrTx, type: LocationType, parentId?: number) {
  return db
    .select({ id: locations.id, name: locations.name, parentId: locations.parentId })
    .from(locations)
    .where(
      and(
        eq(locations.locationType, type),
        parentId === undefined ? undefined : eq(locations.parentId, parentId),
      ),
    )
    .orderBy(locations.name, locations.id);
}

export async function typeOf(db: DbOrTx, id: number): Promise<LocationType | null> {
  const [row] = await db.select({ type: locations.locationType }).from(locations).where(eq(locations.id, id));
  return row?.type ?? null;
}

export async function childCount(db: DbOrTx, id: number): Promise<number> {
  return countRows(db, locations, eq(locations.parentId, id));
}

/** Handles taken by `base` or `base-N`, to offer the next free one. */
export async function handlesLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ handle: locations.handle })
    .from(locations)
    .where(sql`${locations.handle} ~ ${`^${base}(-[0-9]+)?$`}`);
  return new Set(rows.map((r) => r.handle));
}
