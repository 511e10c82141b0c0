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

/** The statements feature flag (on unless stored as false), its row locked for a change. */
export async function lockedStatementsFlag(tx: DbOrTx): Promise<boolean> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, 'features.statements')).for('update');
  return row?.value !== false;
}

export async function writeStatementsFlag(tx: DbOrTx, on: boolean): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: 'features.statements', value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on, updatedAt: sql`now()` } });
}
