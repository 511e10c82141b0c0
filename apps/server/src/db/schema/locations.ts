import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const locationType = pgEnum('location_type', ['country', 'province', 'city', 'suburb']);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    locationType: locationType('location_type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    handle: text('handle').notNull(),
    header1: text('header1'),
    header2: text('header2'),
    header3: text('header3'),
    title: text('title'),
    seoDescription: text('seo_description'),
    content: text('content'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_parent_idx').on(t.parentId),
    index('locations_type_idx').on(t.locationType, t.name),
    index('locations_name_idx').on(sql`lower(${t.name})`),
    uniqueIndex('locations_handle_unique').on(t.handle),
  ],
);
