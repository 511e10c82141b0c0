import { desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { settings, xeroConnections } from '../../db/schema';

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

const TOKEN_KEY_SETTING = 'xero.token_key';

/**
 * The random secret the token key is derived from when SESSION_SECRET is not set: created once in `settings`
 * (outside the tokens' table; the insert that loses a race between two instances changes nothing, and both
 * read the winner's).
 */
export async function storedKeySecret(db: DbOrTx, fresh: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key: TOKEN_KEY_SETTING, value: fresh })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, TOKEN_KEY_SETTING));
  if (typeof row?.value !== 'string') throw new Error('The accounting token key could not be stored.');
  return row.value;
}
