import { inArray } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

export async function readSettings(db: DbOrTx) {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['vat', 'features.statements']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { vat: vatSetting(value('vat')), statements: value('features.statements') !== false };
}

/** The `vat` setting's stored value as a fraction; 0.15 when it is missing or not a number. */
export function vatSetting(value: unknown): number {
  const vat = Number(value ?? 0.15);
  return Number.isFinite(vat) ? vat : 0.15;
}
