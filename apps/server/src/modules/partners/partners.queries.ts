import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client';
import { locations, partners } from '../../db/schema';
import { searchWhere } from '../../lib/paged-list';

const province = alias(locations, 'province');
const city = alias(locations, 'city');
const suburb = alias(locations, 'suburb');

const listColumns = {
  id: partners.id,
  name: partners.name,
  city: city.name,
  province: province.name,
  partnerType: partners.partnerType,
  rating: partners.rating,
  enabled: partners.enabled,
  latitude: partners.latitude,
  longitude: partners.longitude,
  radius: partners.radiusKm,
};

/**
 * Every partner (a few hundred at most: the table, the map, the export and the order screens' pickers),
 * by name, searched by the partner's, the city's or the owner's name.
 */
export const partnerList = (db: DbOrTx, q: string | undefined) =>
  db
    .select(listColumns)
    .from(partners)
    .leftJoin(province, eq(province.id, partners.provinceId))
    .leftJoin(city, eq(city.id, partners.cityId))
    .where(searchWhere(q, [partners.name, city.name, partners.ownerName]))
    .orderBy(asc(partners.name), asc(partners.id));

/** One partner with its places' names; null when there is none. */
export async function partnerRowById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      partner: partners,
      province: province.name,
      city: city.name,
      suburb: suburb.name,
    })
    .from(partners)
    .leftJoin(province, eq(province.id, partners.provinceId))
    .leftJoin(city, eq(city.id, partners.cityId))
    .leftJoin(suburb, eq(suburb.id, partners.suburbId))
    .where(eq(partners.id, id));
  return row ?? null;
}

/** The type and parent of each of the given places (those that exist). */
export const placesByIds = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: locations.id, type: locations.locationType, parentId: locations.parentId })
    .from(locations)
    .where(inArray(locations.id, ids));

/** The stored row, locked for the change that reads it. */
export async function lockPartner(db: DbOrTx, id: number) {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).for('update');
  return row ?? null;
}
