import { inArray } from 'drizzle-orm';

import { DEFAULT_VAT } from '@bloomline/contract';

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

/** The `vat` setting's stored value as a fraction; DEFAULT_VAT when it is missing or not a number. */
export function vatSetting(value: unknown): number {
  const vat = Number(value ?? DEFAULT_VAT);
  return Number.isFinite(vat) ? vat : DEFAULT_VAT;
}
