import { desc } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { xeroConnections } from '../../db/schema';

/** The stored connection (at most one; the newest should an older one linger), or null before any. */
export async function storedConnection(db: DbOrTx, { lock = false } = {}) {
  const query = db
    .select()
    .from(xeroConnections)
    .orderBy(desc(xeroConnections.createdAt), desc(xeroConnections.id))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}
export type StoredConnection = NonNullable<Awaited<ReturnType<typeof storedConnection>>>;
