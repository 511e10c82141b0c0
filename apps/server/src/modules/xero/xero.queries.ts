import { desc } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { xeroConnections } from '../../db/schema';

/** The live connection to the accounting organisation: the newest one stored, or null before any. */
export async function latestConnection(db: DbOrTx) {
  const [row] = await db
    .select({
      tenantId: xeroConnections.tenantId,
      accessToken: xeroConnections.accessToken,
      expiresAt: xeroConnections.expiresAt,
    })
    .from(xeroConnections)
    .orderBy(desc(xeroConnections.createdAt), desc(xeroConnections.id))
    .limit(1);
  return row ?? null;
}
