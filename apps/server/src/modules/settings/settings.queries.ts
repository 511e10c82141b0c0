import { eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { vatSetting } from '../../shared/settings.queries';

/** The VAT rate, its row locked for a change (a missing row reads as the default and is written new). */
export async function lockedVat(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, 'vat')).for('update');
  return vatSetting(row?.value);
}

export async function writeVat(tx: DbOrTx, vat: number): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: 'vat', value: vat })
    .onConflictDoUpdate({ target: settings.key, set: { value: vat, updatedAt: sql`now()` } });
}
