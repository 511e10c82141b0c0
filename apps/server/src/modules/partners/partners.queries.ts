import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client';
import { locations, partners } from '../../db/schema';
import { searchWhere } from '../../lib/paged-list';

const city = alias(locations, 'city');

/** Every partner for the pickers (a few hundred at most), optionally searched by name. */
export const partnerPicker = (db: DbOrTx, q: string | undefined) =>
  db
    .select({
      id: partners.id,
      name: partners.name,
      partnerType: partners.partnerType,
      enabled: partners.enabled,
      city: city.name,
    })
    .from(partners)
    .leftJoin(city, eq(city.id, partners.cityId))
    .where(searchWhere(q, [partners.name]))
    .orderBy(asc(partners.name), asc(partners.id));
