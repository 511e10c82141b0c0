import { asc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { measureUnits } from '../../db/schema';

const columns = { id: measureUnits.id, name: measureUnits.name, short_code: measureUnits.shortCode };

/** Every unit of measure by name: a short list the screen searches in the browser. */
export const allMeasureUnits = (db: DbOrTx) =>
  db
    .select(columns)
    .from(measureUnits)
    .orderBy(asc(sql`lower(${measureUnits.name})`), asc(measureUnits.id));

export async function measureUnitById(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select(columns).from(measureUnits).where(eq(measureUnits.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}
