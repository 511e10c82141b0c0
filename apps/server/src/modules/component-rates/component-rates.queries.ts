import { and, asc, eq, sql } from 'drizzle-orm';

import { toRand } from '@bloomline/contract';
import type { ComponentRate } from '@bloomline/contract';

import type { DbOrTx } from '../../db/client';
import { componentRates, components, profitCentres, variantComponentRates } from '../../db/schema';

// Written out: the outer table qualified by name, whatever drizzle does with the query's own columns.
const variantsCount = sql<number>`(select count(*)::int from variant_component_rates vcr where vcr.component_rate_id = "component_rates"."id")`;

const columns = {
  id: componentRates.id,
  componentId: componentRates.componentId,
  profitCentreId: componentRates.profitCentreId,
  centreName: profitCentres.name,
  centreRebate: profitCentres.rebate,
  centreMarkup: profitCentres.defaultMarkup,
  componentName: components.name,
  wholesaleCents: components.wholesaleExclVatCents,
  markup: componentRates.markup,
  autoUpdate: componentRates.autoUpdate,
  vatCents: componentRates.vatCents,
  priceCents: componentRates.priceCents,
  rebate: componentRates.rebate,
  variantsCount,
};

type Row = {
  id: number;
  componentId: number;
  profitCentreId: number;
  centreName: string;
  centreRebate: string;
  centreMarkup: string | null;
  componentName: string;
  wholesaleCents: number;
  markup: string;
  autoUpdate: boolean;
  vatCents: number;
  priceCents: number;
  rebate: string;
  variantsCount: number;
};

/** A row as the API shows it: money in rand, fractions as numbers (numeric columns read as text). */
const toRate = (r: Row): ComponentRate => ({
  id: r.id,
  component_id: r.componentId,
  profit_centre_id: r.profitCentreId,
  profitCentre: {
    id: r.profitCentreId,
    name: r.centreName,
    rebate: Number(r.centreRebate),
    default_markup: r.centreMarkup === null ? null : Number(r.centreMarkup),
  },
  component: { id: r.componentId, name: r.componentName, wholesale_excl_vat: toRand(r.wholesaleCents) },
  markup: Number(r.markup),
  auto_update: r.autoUpdate,
  vat: toRand(r.vatCents),
  price: toRand(r.priceCents),
  rebate: Number(r.rebate),
  variantsCount: r.variantsCount,
});

const rates = (db: DbOrTx) =>
  db
    .select(columns)
    .from(componentRates)
    .innerJoin(components, eq(components.id, componentRates.componentId))
    .innerJoin(profitCentres, eq(profitCentres.id, componentRates.profitCentreId));

/** A component's rates, by profit centre name. */
export async function ratesOfComponent(db: DbOrTx, componentId: number): Promise<ComponentRate[]> {
  const rows = await rates(db)
    .where(eq(componentRates.componentId, componentId))
    .orderBy(asc(sql`lower(${profitCentres.name})`), asc(componentRates.id));
  return rows.map(toRate);
}

/** One rate of a component (a rate of another component is none). */
export async function rateOfComponent(
  db: DbOrTx,
  componentId: number,
  rateId: number,
): Promise<ComponentRate | null> {
  const [row] = await rates(db).where(
    and(eq(componentRates.componentId, componentId), eq(componentRates.id, rateId)),
  );
  return row ? toRate(row) : null;
}

/** The component, locked: two writes of its rates (a create checking for a duplicate) take turns. */
export async function lockedComponent(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: components.id, name: components.name })
    .from(components)
    .where(eq(components.id, id))
    .for('update');
  return row ?? null;
}

/**
 * The profit centre a rate is priced in, share-locked: its default markup cannot change (nor the centre be
 * deleted) until the rate is written, so an auto-updating rate never follows a default that just went.
 */
export async function sharedProfitCentre(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: profitCentres.id, name: profitCentres.name, defaultMarkup: profitCentres.defaultMarkup })
    .from(profitCentres)
    .where(eq(profitCentres.id, id))
    .for('share');
  return row ?? null;
}

/** The rate's own row, locked for a change; null when the component has no such rate. */
export async function lockedRate(tx: DbOrTx, componentId: number, rateId: number) {
  const [row] = await tx
    .select({ id: componentRates.id, profitCentreId: componentRates.profitCentreId })
    .from(componentRates)
    .where(and(eq(componentRates.componentId, componentId), eq(componentRates.id, rateId)))
    .for('update');
  return row ?? null;
}

/** The component's rate in a profit centre, if it has one. */
export async function rateInProfitCentre(tx: DbOrTx, componentId: number, profitCentreId: number) {
  const [row] = await tx
    .select({ id: componentRates.id })
    .from(componentRates)
    .where(
      and(eq(componentRates.componentId, componentId), eq(componentRates.profitCentreId, profitCentreId)),
    )
    .for('update');
  return row ?? null;
}

/** How many product variants a rate is part of. */
export async function variantsUsing(tx: DbOrTx, rateId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(variantComponentRates)
    .where(eq(variantComponentRates.componentRateId, rateId));
  return row?.n ?? 0;
}

export async function componentExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: components.id }).from(components).where(eq(components.id, id));
  return row !== undefined;
}
