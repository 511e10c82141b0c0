import { sql } from 'drizzle-orm';

import { ratePrice, variantTotals } from '@bloomline/contract';

import { rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { readSettings } from '../shared/settings.queries';

/**
 * The catalogue's prices as stored, and what they should be after a change of a price input, computed
 * here with the contract's `ratePrice` and `variantTotals` (not with the server's cascade), so a test can
 * compare the two rate by rate and variant by variant.
 */

export interface RateFigures {
  componentId: number;
  profitCentreId: number;
  autoUpdate: boolean;
  markup: number;
  rebate: number;
  vatCents: number;
  priceCents: number;
}
export interface VariantFigures {
  priceCents: number;
  wholesaleCents: number;
}
export interface PriceSnapshot {
  vat: number;
  rates: Map<number, RateFigures>;
  variants: Map<number, VariantFigures>;
  wholesale: Map<number, number>;
  centres: Map<number, { defaultMarkup: number | null; rebate: number }>;
  recipes: Map<number, { rateId: number; quantity: number }[]>;
}

export async function priceSnapshot(db: DbOrTx): Promise<PriceSnapshot> {
  const rates = await rowsOf<{
    id: number;
    component_id: number;
    profit_centre_id: number;
    auto_update: boolean;
    markup: string;
    rebate: string;
    vat_cents: number;
    price_cents: number;
  }>(
    db,
    sql`select id, component_id, profit_centre_id, auto_update, markup::text, rebate::text, vat_cents, price_cents
      from component_rates`,
  );
  const variants = await rowsOf<{ id: number; price_cents: number; wholesale_excl_vat_cents: number }>(
    db,
    sql`select id, price_cents, wholesale_excl_vat_cents from product_variants`,
  );
  const components = await rowsOf<{ id: number; wholesale_excl_vat_cents: number }>(
    db,
    sql`select id, wholesale_excl_vat_cents from components`,
  );
  const centres = await rowsOf<{ id: number; default_markup: string | null; rebate: string }>(
    db,
    sql`select id, default_markup::text, rebate::text from profit_centres`,
  );
  const recipes = await rowsOf<{ variant_id: number; component_rate_id: number; quantity: string }>(
    db,
    sql`select variant_id, component_rate_id, quantity::text from variant_component_rates`,
  );
  const recipeMap = new Map<number, { rateId: number; quantity: number }[]>();
  for (const r of recipes)
    recipeMap.set(r.variant_id, [
      ...(recipeMap.get(r.variant_id) ?? []),
      { rateId: r.component_rate_id, quantity: Number(r.quantity) },
    ]);
  return {
    vat: (await readSettings(db)).vat,
    rates: new Map(
      rates.map((r) => [
        r.id,
        {
          componentId: r.component_id,
          profitCentreId: r.profit_centre_id,
          autoUpdate: r.auto_update,
          markup: Number(r.markup),
          rebate: Number(r.rebate),
          vatCents: r.vat_cents,
          priceCents: r.price_cents,
        },
      ]),
    ),
    variants: new Map(
      variants.map((v) => [v.id, { priceCents: v.price_cents, wholesaleCents: v.wholesale_excl_vat_cents }]),
    ),
    wholesale: new Map(components.map((c) => [c.id, c.wholesale_excl_vat_cents])),
    centres: new Map(
      centres.map((c) => [
        c.id,
        {
          defaultMarkup: c.default_markup === null ? null : Number(c.default_markup),
          rebate: Number(c.rebate),
        },
      ]),
    ),
    recipes: recipeMap,
  };
}

/** A change of price inputs: the VAT rate, a profit centre's default markup or rebate, a wholesale price. */
export interface PriceChange {
  vat?: number;
  centre?: { id: number; defaultMarkup?: number | null; rebate?: number };
}

/** What every rate and variant should be after `change`, from the snapshot taken before it. */
export function expectedPrices(before: PriceSnapshot, change: PriceChange) {
  const vat = change.vat ?? before.vat;
  const centres = new Map(before.centres);
  if (change.centre) {
    const c = centres.get(change.centre.id)!;
    centres.set(change.centre.id, {
      defaultMarkup:
        change.centre.defaultMarkup === undefined ? c.defaultMarkup : change.centre.defaultMarkup,
      rebate: change.centre.rebate ?? c.rebate,
    });
  }
  const rates = new Map<number, RateFigures>();
  for (const [id, r] of before.rates) {
    const centre = centres.get(r.profitCentreId)!;
    const markup = r.autoUpdate && centre.defaultMarkup !== null ? centre.defaultMarkup : r.markup;
    const price = ratePrice({
      wholesaleCents: before.wholesale.get(r.componentId)!,
      markup,
      vat,
      rebate: centre.rebate,
    });
    rates.set(id, { ...r, markup, rebate: centre.rebate, ...price });
  }
  const variants = new Map<number, VariantFigures>(before.variants);
  for (const [variantId, recipe] of before.recipes) {
    const totals = variantTotals(
      recipe.map((part) => {
        const rate = rates.get(part.rateId)!;
        return {
          quantity: part.quantity,
          priceCents: rate.priceCents,
          wholesaleCents: before.wholesale.get(rate.componentId)!,
        };
      }),
    );
    variants.set(variantId, { priceCents: totals.priceCents, wholesaleCents: totals.wholesaleCents });
  }
  return { rates, variants };
}

/** The ids whose figures differ between two maps of the same keys. */
export function changedIds<T>(a: Map<number, T>, b: Map<number, T>): number[] {
  return [...a.keys()].filter((id) => JSON.stringify(a.get(id)) !== JSON.stringify(b.get(id)));
}
