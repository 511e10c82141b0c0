import { asc, eq, sql } from 'drizzle-orm';

import type { ProfitCentre } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { componentRates, profitCentres } from '../../db/schema';

// Written out: drizzle leaves a single-table query's columns unqualified, which a subquery would misread.
const ratesCount = sql<number>`(select count(*)::int from component_rates cr where cr.profit_centre_id = "profit_centres"."id")`;

const columns = {
  id: profitCentres.id,
  name: profitCentres.name,
  defaultMarkup: profitCentres.defaultMarkup,
  defaultAutoUpdate: profitCentres.defaultAutoUpdate,
  rebate: profitCentres.rebate,
};

type Row = {
  id: number;
  name: string;
  defaultMarkup: string | null;
  defaultAutoUpdate: boolean;
  rebate: string;
};

/** A row as the API shows it: fractions are numeric columns, which drizzle reads as text. */
export const toProfitCentre = (row: Row, count: number): ProfitCentre => ({
  id: row.id,
  name: row.name,
  default_markup: row.defaultMarkup === null ? null : Number(row.defaultMarkup),
  default_auto_update: row.defaultAutoUpdate,
  rebate: Number(row.rebate),
  ratesCount: count,
});

/** Every profit centre by name, with how many rates it prices: a short list the screen searches itself. */
export async function allProfitCentres(db: DbOrTx): Promise<ProfitCentre[]> {
  const rows = await db
    .select({ ...columns, ratesCount })
    .from(profitCentres)
    .orderBy(asc(sql`lower(${profitCentres.name})`), asc(profitCentres.id));
  return rows.map((r) => toProfitCentre(r, r.ratesCount));
}

export async function profitCentreById(db: DbOrTx, id: number): Promise<ProfitCentre | null> {
  const [row] = await db
    .select({ ...columns, ratesCount })
    .from(profitCentres)
    .where(eq(profitCentres.id, id));
  return row ? toProfitCentre(row, row.ratesCount) : null;
}

/** The centre's own row, locked for a change that reads it to decide. */
export async function lockedProfitCentre(tx: DbOrTx, id: number): Promise<Row | null> {
  const [row] = await tx.select(columns).from(profitCentres).where(eq(profitCentres.id, id)).for('update');
  return row ?? null;
}

/** How many of the centre's rates follow its default markup. */
export async function autoUpdateRatesCount(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(componentRates)
    .where(sql`${componentRates.profitCentreId} = ${id} and ${componentRates.autoUpdate}`);
  return row?.n ?? 0;
}
