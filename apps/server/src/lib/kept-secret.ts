import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

/**
 * A secret the server makes for itself the first time it needs one and keeps in the database, so every instance
 * uses the same (a key for guests' CSRF tokens, for the accounting tokens, the push key pair): where it is kept
 * and how a fresh one is made.
 */
export interface SecretPlace<T> {
  /** What it is, for the error should it fail to be kept: "guest CSRF key". */
  name: string;
  /** The kept secret, undefined before there is one. */
  read(db: DbOrTx): Promise<T | undefined>;
  /** Keeps `fresh` unless a secret is there already (insert … on conflict do nothing). */
  keep(db: DbOrTx, fresh: T): Promise<unknown>;
  make(): T;
}

/**
 * The kept secret, read once per loader and then held in memory (a failure is not held: the next call tries
 * again). Absent, a fresh one is made and kept; two instances starting at once both insert, the loser's insert
 * changes nothing, and both read back the winner's: an instance uses only what it read back.
 */
export function keptSecret<T>(db: DbOrTx, place: SecretPlace<T>): () => Promise<T> {
  const load = async (): Promise<T> => {
    const stored = await place.read(db);
    if (stored !== undefined) return stored;
    await place.keep(db, place.make());
    const winner = await place.read(db);
    if (winner === undefined) throw new Error(`The ${place.name} could not be stored.`);
    return winner;
  };
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** A secret text kept as one row of `settings`, under `key`. */
export const settingSecret = (key: string, name: string, make: () => string): SecretPlace<string> => ({
  name,
  make,
  async read(db) {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return typeof row?.value === 'string' ? row.value : undefined;
  },
  keep: (db, fresh) =>
    db.insert(settings).values({ key, value: fresh }).onConflictDoNothing({ target: settings.key }),
});
