import { asc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { colours } from '../../db/schema';

const columns = { id: colours.id, name: colours.name };

/** Every colour by name: a short list the screen searches in the browser. */
export const allColours = (db: DbOrTx) =>
  db
    .select(columns)
    .from(colours)
    .orderBy(asc(sql`lower(${colours.name})`), asc(colours.id));

export async function colourById(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select(columns).from(colours).where(eq(colours.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}
