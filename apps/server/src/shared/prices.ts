import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { ratePrice, toRand, variantTotals } from '@bloomline/contract';
import type { AuditRecordType } from '@bloomline/contract';

import { arrayLiteral, insertMany, rowsOf } from '../db/bulk';
import type { DbOrTx } from '../db/client';
import { auditEntries } from '../db/schema';
import { readSettings } from './settings.queries';

/**
 * Prices follow their inputs (part 2, point 7; docs/decisions.md "Prices"): a component rate's price comes
 * from its component's wholesale price, its markup (the profit centre's default while `auto_update`), the
 * profit centre's rebate and the VAT setting; a variant's price and wholesale from its recipe. Whatever
 * changes one of those calls `repriceRates` (and through it `repriceVariants`) in its own transaction.
 *
 * The figures come from the contract's functions (`ratePrice`, `variantTotals`), the same the screens show,
 * so there is one formula. The rows are locked in id order before they are read (two cascades over the same
 * rates wait for each other instead of deadlocking), and each read is a new statement, so under READ
 * COMMITTED it sees what the cascade it waited for wrote. Only rows whose figures change are written, and
 * each of those is audited with its old and new values.
 */

/** One audit entry per repriced record, with its figures before and after and why it was repriced. */
function auditRepriced<Figures>(
  tx: DbOrTx,
  by: RepriceBy,
  record: { type: AuditRecordType; name: string },
  changed: { id: number; before: Figures; after: Figures }[],
  valuesOf: (figures: Figures) => Record<string, unknown>,
) {
  return insertMany(
    tx,
    auditEntries,
    changed.map((c) => ({
      userId: by.userId,
      event: 'updated',
      message: `${record.name} repriced: ${by.reason}.`,
      propertyType: record.type,
      propertyId: c.id,
      oldValues: valuesOf(c.before),
      newValues: valuesOf(c.after),
    })),
  );
}

/** Which rates a change touches. */
export type RateScope =
  { componentId: number } | { profitCentreId: number } | { rateId: number } | { all: true };

export interface RepriceBy {
  userId: number | null;
  /** Why, in the audit message: "The component Red rose's wholesale price changed". */
  reason: string;
}

export interface RepriceResult {
  rates: number;
  variants: number;
}

function rateWhere(scope: RateScope): SQL {
  if ('componentId' in scope) return sql`cr.component_id = ${scope.componentId}`;
  if ('profitCentreId' in scope) return sql`cr.profit_centre_id = ${scope.profitCentreId}`;
  if ('rateId' in scope) return sql`cr.id = ${scope.rateId}`;
  return sql`true`;
}

interface RateRow extends Record<string, unknown> {
  id: number;
  wholesale: number;
  auto_update: boolean;
  markup: string;
  default_markup: string | null;
  rebate: string;
  centre_rebate: string;
  vat_cents: number;
  price_cents: number;
}

const ids = (values: readonly number[]) => sql`${arrayLiteral(values, false)}::int[]`;

/** Reprices the rates in `scope`, then every variant whose recipe uses one of them. */
export async function repriceRates(tx: DbOrTx, scope: RateScope, by: RepriceBy): Promise<RepriceResult> {
  const where = rateWhere(scope);
  await tx.execute(sql`select cr.id from component_rates cr where ${where} order by cr.id for update`);
  const { vat } = await readSettings(tx);
  const rows = await rowsOf<RateRow>(
    tx,
    sql`
    select cr.id, c.wholesale_excl_vat_cents as wholesale, cr.auto_update, cr.markup::text as markup,
      pc.default_markup::text as default_markup, cr.rebate::text as rebate, pc.rebate::text as centre_rebate,
      cr.vat_cents, cr.price_cents
    from component_rates cr
    join components c on c.id = cr.component_id
    join profit_centres pc on pc.id = cr.profit_centre_id
    where ${where}
    order by cr.id`,
  );

  const changed = rows.flatMap((r) => {
    const markup = r.auto_update && r.default_markup !== null ? Number(r.default_markup) : Number(r.markup);
    const rebate = Number(r.centre_rebate);
    const price = ratePrice({ wholesaleCents: Number(r.wholesale), markup, vat, rebate });
    const before = {
      markup: Number(r.markup),
      rebate: Number(r.rebate),
      vat: r.vat_cents,
      price: r.price_cents,
    };
    const after = { markup, rebate, vat: price.vatCents, price: price.priceCents };
    const same =
      before.markup === after.markup &&
      before.rebate === after.rebate &&
      before.vat === after.vat &&
      before.price === after.price;
    return same ? [] : [{ id: r.id, before, after }];
  });
  if (changed.length > 0) {
    await tx.execute(sql`
      update component_rates cr
      set markup = x.markup, rebate = x.rebate, vat_cents = x.vat_cents, price_cents = x.price_cents,
        updated_at = now()
      from unnest(
        ${ids(changed.map((c) => c.id))},
        ${arrayLiteral(
          changed.map((c) => c.after.markup),
          false,
        )}::numeric[],
        ${arrayLiteral(
          changed.map((c) => c.after.rebate),
          false,
        )}::numeric[],
        ${ids(changed.map((c) => c.after.vat))},
        ${ids(changed.map((c) => c.after.price))}
      ) as x(id, markup, rebate, vat_cents, price_cents)
      where cr.id = x.id`);
    await auditRepriced(tx, by, { type: 'component rate', name: 'Component rate' }, changed, rateValues);
  }
  const variants = await repriceVariants(
    tx,
    sql`select vcr.variant_id from variant_component_rates vcr join component_rates cr
      on cr.id = vcr.component_rate_id where ${where}`,
    by,
  );
  return { rates: changed.length, variants };
}

/** A rate's figures as the audit shows them: the API's names and units (rand, fractions). */
const rateValues = (v: { markup: number; rebate: number; vat: number; price: number }) => ({
  markup: v.markup,
  rebate: v.rebate,
  vat: toRand(v.vat),
  price: toRand(v.price),
});

interface RecipeRow extends Record<string, unknown> {
  variant_id: number;
  price_cents: number;
  wholesale_cents: number;
  quantity: string | null;
  rate_price: number | null;
  component_wholesale: number | null;
}

/**
 * Recomputes the price and wholesale of the variants `variantIds` (SQL selecting variant ids) names, from
 * their recipes. A variant whose recipe is empty keeps its last price: a product is never offered at R0.00
 * because its last component was taken out while its recipe is being rebuilt.
 */
export async function repriceVariants(tx: DbOrTx, variantIds: SQL, by: RepriceBy): Promise<number> {
  const locked = await rowsOf<{ id: number }>(
    tx,
    sql`select id from product_variants where id in (${variantIds}) order by id for update`,
  );
  if (locked.length === 0) return 0;
  const rows = await rowsOf<RecipeRow>(
    tx,
    sql`
    select v.id as variant_id, v.price_cents, v.wholesale_excl_vat_cents as wholesale_cents,
      vcr.quantity::text as quantity, cr.price_cents as rate_price, c.wholesale_excl_vat_cents as component_wholesale
    from product_variants v
    left join variant_component_rates vcr on vcr.variant_id = v.id
    left join component_rates cr on cr.id = vcr.component_rate_id
    left join components c on c.id = cr.component_id
    where v.id = any(${ids(locked.map((l) => l.id))})
    order by v.id`,
  );
  const byVariant = new Map<number, RecipeRow[]>();
  for (const r of rows) byVariant.set(r.variant_id, [...(byVariant.get(r.variant_id) ?? []), r]);

  const changed = [...byVariant.values()].flatMap((recipe) => {
    const first = recipe[0]!;
    const parts = recipe
      .filter((r) => r.quantity !== null)
      .map((r) => ({
        quantity: Number(r.quantity),
        priceCents: Number(r.rate_price),
        wholesaleCents: Number(r.component_wholesale),
      }));
    if (parts.length === 0) return [];
    const totals = variantTotals(parts);
    const before = { price: Number(first.price_cents), wholesale: Number(first.wholesale_cents) };
    const after = { price: totals.priceCents, wholesale: totals.wholesaleCents };
    return before.price === after.price && before.wholesale === after.wholesale
      ? []
      : [{ id: first.variant_id, before, after }];
  });
  if (changed.length === 0) return 0;
  await tx.execute(sql`
    update product_variants v
    set price_cents = x.price_cents, wholesale_excl_vat_cents = x.wholesale_cents, updated_at = now()
    from unnest(
      ${ids(changed.map((c) => c.id))},
      ${ids(changed.map((c) => c.after.price))},
      ${ids(changed.map((c) => c.after.wholesale))}
    ) as x(id, price_cents, wholesale_cents)
    where v.id = x.id`);
  const values = (v: { price: number; wholesale: number }) => ({
    price: toRand(v.price),
    wholesale_excl_vat: toRand(v.wholesale),
  });
  await auditRepriced(tx, by, { type: 'product variant', name: 'Product variant' }, changed, values);
  return changed.length;
}

/** Reprices the one variant `variantId` (its recipe changed). */
export const repriceVariant = (tx: DbOrTx, variantId: number, by: RepriceBy) =>
  repriceVariants(tx, sql`select ${variantId}::int`, by);
