import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

export const EARTH_RADIUS_KM = 6371;

type Point = { lat: SQLWrapper | number; lng: SQLWrapper | number };

/**
 * The great-circle (haversine) distance in km between two points, as SQL; null when a coordinate is null.
 * The one place this formula is written: the line's candidate partners and the collection-status report.
 */
export function distanceKm(a: Point, b: Point): SQL<number | null> {
  return sql<number | null>`(${EARTH_RADIUS_KM} * 2 * asin(sqrt(
    power(sin(radians(${b.lat} - ${a.lat}) / 2), 2) +
    cos(radians(${a.lat})) * cos(radians(${b.lat})) *
    power(sin(radians(${b.lng} - ${a.lng}) / 2), 2))))`;
}
