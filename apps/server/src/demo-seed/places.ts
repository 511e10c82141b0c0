import type { DbOrTx } from '../db/client';
import { locations } from '../db/schema';
import type { Clock } from './dates';
import { addMinutes } from './dates';
import { insertMany } from '../db/bulk';
import { CITIES, COMPLEXES, PROVINCES, STREET_KINDS, STREETS } from './places-data';
import type { CityData } from './places-data';
import type { Rng } from './random';
import { slugify } from './random';

export interface Suburb {
  id: number;
  name: string;
  lat: number;
  lon: number;
  postalCode: string;
}

export interface City {
  id: number;
  name: string;
  provinceId: number;
  province: string;
  lat: number;
  lon: number;
  areaCode: string;
  weight: number;
  suburbs: Suburb[];
}

export interface Places {
  countryId: number;
  cities: City[];
  cityByName: Map<string, City>;
}

type LocationRow = typeof locations.$inferInsert;

/** Country > province > city > suburb, with handles and the SEO texts a location page carries. */
export async function seedPlaces(db: DbOrTx, clock: Clock): Promise<Places> {
  const rows: LocationRow[] = [];
  const createdAt = addMinutes(clock.now, -400 * 24 * 60);
  const handles = new Set<string>();
  const uniqueHandle = (name: string, parent: string): string => {
    let handle = slugify(name);
    if (handles.has(handle)) handle = `${handle}-${slugify(parent)}`;
    handles.add(handle);
    return handle;
  };
  const add = (row: Omit<LocationRow, 'id' | 'createdAt' | 'handle'>, parentName: string): number => {
    const id = rows.length + 1;
    const handle = uniqueHandle(row.name, parentName);
    rows.push({ ...row, id, handle, createdAt });
    return id;
  };

  const countryId = add(
    {
      name: 'South Africa',
      locationType: 'country',
      parentId: null,
      latitude: -28.5,
      longitude: 22.93,
      ...texts('South Africa', null),
    },
    '',
  );
  const provinceIds = new Map<string, number>();
  for (const province of PROVINCES) {
    const centre = provinceCentre(province);
    provinceIds.set(
      province,
      add(
        {
          name: province,
          locationType: 'province',
          parentId: countryId,
          latitude: centre.lat,
          longitude: centre.lon,
          ...texts(province, 'South Africa'),
        },
        'South Africa',
      ),
    );
  }
  const cities: City[] = [];
  for (const c of CITIES) {
    const provinceId = provinceIds.get(c.province)!;
    const cityId = add(
      {
        name: c.name,
        locationType: 'city',
        parentId: provinceId,
        latitude: c.lat,
        longitude: c.lon,
        ...texts(c.name, c.province),
      },
      c.province,
    );
    const suburbs: Suburb[] = c.suburbs.map(([name, lat, lon, postalCode]) => ({
      id: add(
        {
          name,
          locationType: 'suburb',
          parentId: cityId,
          latitude: lat,
          longitude: lon,
          ...texts(name, c.name),
        },
        c.name,
      ),
      name,
      lat,
      lon,
      postalCode,
    }));
    cities.push({
      id: cityId,
      name: c.name,
      provinceId,
      province: c.province,
      lat: c.lat,
      lon: c.lon,
      areaCode: c.areaCode,
      weight: c.weight,
      suburbs,
    });
  }
  await insertMany(db, locations, rows);
  return { countryId, cities, cityByName: new Map(cities.map((c) => [c.name, c])) };
}

function texts(name: string, parent: string | null) {
  const where = parent ? `${name}, ${parent}` : name;
  return {
    header1: `Flower delivery in ${name}`,
    header2: `Same-day flowers across ${name}`,
    header3: `Fresh from local florists`,
    title: `Flowers delivered in ${where} | Bloomline`,
    seoDescription: `Order fresh bouquets, arrangements and gift hampers for delivery in ${where}. Same-day delivery by local florists.`,
    content: `<p>Our partner florists in ${name} hand-make every bouquet on the day of delivery. Order before noon for same-day delivery.</p>`,
  };
}

function provinceCentre(province: string): { lat: number; lon: number } {
  const inProvince = CITIES.filter((c: CityData) => c.province === province);
  const lat = inProvince.reduce((s, c) => s + c.lat, 0) / inProvince.length;
  const lon = inProvince.reduce((s, c) => s + c.lon, 0) / inProvince.length;
  return { lat: Math.round(lat * 10000) / 10000, lon: Math.round(lon * 10000) / 10000 };
}

/** A street address somewhere in a suburb: the point wanders up to about a kilometre from its centre. */
export function streetAddress(
  rng: Rng,
  suburb: Suburb,
): { address1: string; address2: string | null; lat: number; lon: number } {
  const address1 = `${String(rng.int(1, 240))} ${rng.pick(STREETS)} ${rng.pick(STREET_KINDS)}`;
  const address2 = rng.chance(0.3) ? `Unit ${String(rng.int(1, 60))}, ${rng.pick(COMPLEXES)}` : null;
  const lat = round6(suburb.lat + rng.float(-0.009, 0.009));
  const lon = round6(suburb.lon + rng.float(-0.009, 0.009));
  return { address1, address2: address2 ? `${address2}, ${suburb.name}` : suburb.name, lat, lon };
}

export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** Great-circle distance in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}
