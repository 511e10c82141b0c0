/** South Africa's nine provinces, cities with their real centres, and suburbs at approximate real points. */
import { z } from 'zod';

import cities from './cities.json';

export const PROVINCES = [
  'Gauteng',
  'Western Cape',
  'KwaZulu-Natal',
  'Eastern Cape',
  'Free State',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
] as const;
export type Province = (typeof PROVINCES)[number];

const citySchema = z.object({
  name: z.string(),
  province: z.enum(PROVINCES),
  lat: z.number(),
  lon: z.number(),
  /** Landline area code without the leading 0. */
  areaCode: z.string(),
  /** Relative share of the orders delivered here. */
  weight: z.number().positive(),
  /** [name, latitude, longitude, postal code] */
  suburbs: z.array(z.tuple([z.string(), z.number(), z.number(), z.string()])).readonly(),
});
export type CityData = z.infer<typeof citySchema>;

/** The cities and their suburbs are data (cities.json), read through their schema once when the seed loads. */
export const CITIES: readonly CityData[] = z.array(citySchema).parse(cities);

// prettier-ignore
export const STREETS = [
  'Main', 'Church', 'Jan Smuts', 'Oxford', 'Beach', 'Long', 'Voortrekker', 'Nelson Mandela', 'Kloof',
  'Rivonia', 'Louis Botha', 'Victoria', 'Queen', 'Marine', 'Protea', 'Jacaranda', 'Acacia', 'Bluegum',
  'Oak', 'Sunset', 'Kingfisher', 'Fish Eagle', 'Impala', 'Disa', 'Vygie', 'Aloe', 'Baobab', 'Mimosa',
  'Park', 'Station', 'Hill', 'Fairway', 'Musgrave', 'Florida', 'Albertyn', 'Steenbok', 'Highveld',
] as const;
export const STREET_KINDS = ['Street', 'Road', 'Avenue', 'Drive', 'Crescent', 'Lane', 'Close'] as const;
// prettier-ignore
export const COMPLEXES = [
  'Sunset Villas', 'Protea Gardens', 'Ocean View', 'The Willows', 'Silver Oaks', 'Fynbos Estate',
  'Jacaranda Court', 'Acacia Park', 'Kingfisher Mews', 'Baobab Heights',
] as const;
