import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ratePrice, variantTotals } from '@bloomline/contract';

import * as schema from '../../db/schema';
import { seedCatalogue } from '../../demo-seed/catalogue';
import { makeClock } from '../../demo-seed/dates';
import type { TestClient } from '../../test/client';
import { createHarness } from '../../test/harness';
import { recipeLines } from '../../test/products-fixtures';
import type { Harness } from '../../test/harness';

// A component's new wholesale price reprices its rates and every variant built from them, in the same
// transaction and audited, checked on the demo catalogue against a reference computed here with the
// contract's own ratePrice and variantTotals.

const { auditEntries, componentRates, components, productVariants, profitCentres, variantComponentRates } =
  schema;
const VAT = 0.15;
let h: Harness;
let staff: TestClient;

/** The component of the demo catalogue used by the most variants. */
async function busiestComponent() {
  const links = await h.database.db
    .select({ componentId: componentRates.componentId })
    .from(variantComponentRates)
    .innerJoin(componentRates, eq(componentRates.id, variantComponentRates.componentRateId));
  const counts = new Map<number, number>();
  for (const l of links) counts.set(l.componentId, (counts.get(l.componentId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** What the rates of `componentId` and their variants should cost once its wholesale is `wholesaleCents`. */
async function reference(componentId: number, wholesaleCents: number) {
  const db = h.database.db;
  const rates = await db
    .select({ rate: componentRates, centre: profitCentres })
    .from(componentRates)
    .innerJoin(profitCentres, eq(profitCentres.id, componentRates.profitCentreId))
    .where(eq(componentRates.componentId, componentId));
  const ratePrices = new Map(
    rates.map(({ rate, centre }) => {
      const markup =
        rate.autoUpdate && centre.defaultMarkup !== null ? Number(centre.defaultMarkup) : Number(rate.markup);
      const price = ratePrice({ wholesaleCents, markup, vat: VAT, rebate: Number(centre.rebate) });
      return [rate.id, price] as const;
    }),
  );
  const uses = await db
    .select({ variantId: variantComponentRates.variantId })
    .from(variantComponentRates)
    .where(inArray(variantComponentRates.componentRateId, [...ratePrices.keys()]));
  const variantIds = [...new Set(uses.map((u) => u.variantId))];
  const recipes = await recipeLines(db, variantIds);
  const variants = new Map(
    variantIds.map((id) => [
      id,
      variantTotals(
        recipes
          .filter((r) => r.variantId === id)
          .map((r) => ({
            quantity: r.quantity,
            priceCents: ratePrices.get(r.rateId)?.priceCents ?? r.priceCents,
            wholesaleCents: r.componentId === componentId ? wholesaleCents : r.wholesaleCents,
          })),
      ),
    ]),
  );
  return { rates: ratePrices, variants };
}

beforeAll(async () => {
  h = await createHarness();
  ({ staff } = await h.signedIn('10.9.6'));
  const db = h.database.db;
  await seedCatalogue(db, makeClock(new Date()), VAT, []);
});
afterAll(() => h.close());

describe('a new wholesale price', () => {
  it('reprices the component’s rates and their variants as the contract computes them, audited', async () => {
    const db = h.database.db;
    const id = await busiestComponent();
    const [before] = await db.select().from(components).where(eq(components.id, id));
    const newWholesale = before!.wholesaleExclVatCents + 137;
    const expected = await reference(id, newWholesale);
    expect(expected.variants.size).toBeGreaterThan(0);
    const otherRatesBefore = await db.select().from(componentRates);
    const variantIds = [...expected.variants.keys()];
    const variantsBefore = await db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.id, variantIds));

    const res = await staff.put(`/api/components/${String(id)}`, {
      name: before!.name,
      wholesale_excl_vat: newWholesale / 100,
    });
    expect(res.statusCode).toBe(200);

    const rates = await db.select().from(componentRates).where(eq(componentRates.componentId, id));
    expect(rates.map((r) => [r.id, r.priceCents, r.vatCents])).toEqual(
      rates.map((r) => [r.id, expected.rates.get(r.id)!.priceCents, expected.rates.get(r.id)!.vatCents]),
    );
    const variants = await db.select().from(productVariants).where(inArray(productVariants.id, variantIds));
    for (const v of variants) {
      expect([v.id, v.priceCents, v.wholesaleExclVatCents]).toEqual([
        v.id,
        expected.variants.get(v.id)!.priceCents,
        expected.variants.get(v.id)!.wholesaleCents,
      ]);
    }
    // Rates of other components are left alone.
    const otherNow = await db.select().from(componentRates);
    const unchanged = (rows: typeof otherNow) =>
      rows.filter((r) => r.componentId !== id).map((r) => [r.id, r.priceCents]);
    expect(unchanged(otherNow)).toEqual(unchanged(otherRatesBefore));

    const rateAudit = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.propertyType, 'component rate'),
          like(auditEntries.message, `%The component ${before!.name}'s wholesale price changed%`),
        ),
      );
    expect(rateAudit.map((a) => a.propertyId).sort()).toEqual(rates.map((r) => r.id).sort());
    const variantAudit = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.propertyType, 'product variant'));
    const changed = variantsBefore.filter((v) => {
      const next = expected.variants.get(v.id)!;
      return next.priceCents !== v.priceCents || next.wholesaleCents !== v.wholesaleExclVatCents;
    });
    expect(changed.length).toBeGreaterThan(0);
    expect(variantAudit.map((a) => a.propertyId).sort()).toEqual(changed.map((v) => v.id).sort());
    const first = changed[0]!;
    expect(variantAudit.find((a) => a.propertyId === first.id)).toMatchObject({
      userId: h.fixtures.staff.id,
      oldValues: { price: first.priceCents / 100, wholesale_excl_vat: first.wholesaleExclVatCents / 100 },
      newValues: {
        price: expected.variants.get(first.id)!.priceCents / 100,
        wholesale_excl_vat: expected.variants.get(first.id)!.wholesaleCents / 100,
      },
    });
  });

  it('reprices nothing when the price stays or the change is refused', async () => {
    const db = h.database.db;
    const id = await busiestComponent();
    const [row] = await db.select().from(components).where(eq(components.id, id));
    const count = async () => (await db.select().from(auditEntries)).length;
    const before = await count();
    const same = await staff.put(`/api/components/${String(id)}`, {
      name: `${row!.name} (renamed)`,
      wholesale_excl_vat: row!.wholesaleExclVatCents / 100,
    });
    expect(same.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    const refused = await staff.put(`/api/components/${String(id)}`, {
      name: row!.name,
      wholesale_excl_vat: 1,
      colour_id: 999999,
    });
    expect(refused.statusCode).toBe(422);
    expect(await count()).toBe(before + 1);
    const [after] = await db.select().from(components).where(eq(components.id, id));
    expect(after!.wholesaleExclVatCents).toBe(row!.wholesaleExclVatCents);
  });
});
